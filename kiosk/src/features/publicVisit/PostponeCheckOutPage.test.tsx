import { ApiError } from '@vestibule/shared/api';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { PostponeCheckOutPage } from './PostponeCheckOutPage.tsx';
import { fakeApi, postponableVisit, publicVisit } from './testVisits.ts';
import { formatInZone, formatTimeInZone } from './zonedTime.ts';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

const HOUR = 3_600_000;

describe('/postponeCheckOut/{identifier}', () => {
  it("offers the longer durations with the end each gives on the building's clock, and extends the visit", async () => {
    const user = userEvent.setup();
    const checkedInAt = new Date(Date.now() - HOUR).toISOString();
    const visit = postponableVisit({ status: 'IN', checkedInAt, expectedEnd: new Date().toISOString() });
    const newEnd = new Date(new Date(checkedInAt).getTime() + 3 * HOUR).toISOString();
    const postpone = vi.fn(() =>
      Promise.resolve(publicVisit({ checkedInAt, scheduledDuration: 'PT3H', expectedEnd: newEnd })),
    );
    const api = fakeApi({ postponable: vi.fn(() => Promise.resolve(visit)), postpone });
    render(<PostponeCheckOutPage identifier="secret-1" api={api} />);
    const group = await screen.findByRole('group', { name: 'New duration of your visit' });
    const threeHours = within(group).getByRole('radio', {
      name: `3 h, until ${formatTimeInZone(newEnd, 'en', 'Europe/Paris')}`,
    });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(within(group).getByRole('radio', { name: /^1 h 30 min, until/ })).toBeChecked();
    await user.click(threeHours);
    await user.click(screen.getByRole('button', { name: 'Extend my visit' }));
    expect(postpone).toHaveBeenCalledWith('secret-1', 'PT3H');
    const dialog = await screen.findByRole('dialog', { name: /Your visit is extended/ });
    expect(
      within(dialog).getByText(`Your visit now ends on ${formatInZone(newEnd, 'en', 'Europe/Paris')}.`),
    ).toBeInTheDocument();
  });

  it('says when no longer duration is left', async () => {
    const api = fakeApi({ postponable: vi.fn(() => Promise.resolve(postponableVisit({ durationChoices: [] }))) });
    render(<PostponeCheckOutPage identifier="secret-2" api={api} />);
    expect(await screen.findByText(/cannot be extended any further/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Extend my visit' })).not.toBeInTheDocument();
  });

  it('says why in the error modal: a visit already checked out, or an unknown link', async () => {
    const api = fakeApi({
      postponable: vi.fn(() => Promise.reject(new ApiError(409, 'VISIT_ALREADY_CHECKED_OUT', 'out'))),
    });
    render(<PostponeCheckOutPage identifier="secret-3" api={api} />);
    const dialog = await screen.findByRole('dialog', { name: /This visit cannot be extended/ });
    expect(within(dialog).getByText('This visit is over: you have already checked out.')).toBeInTheDocument();
    cleanup();
    const unknown = fakeApi({
      postponable: vi.fn(() => Promise.reject(new ApiError(404, 'POSTPONE_CHECKOUT_VISIT_NOT_FOUND', 'nf'))),
    });
    render(<PostponeCheckOutPage identifier="unknown" api={unknown} />);
    expect(
      await screen.findByText('This visit could not be found or can no longer be extended.', { selector: 'dialog p' }),
    ).toBeInTheDocument();
  });

  it('shows a refused extension in the error modal', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      postponable: vi.fn(() => Promise.resolve(postponableVisit())),
      postpone: vi.fn(() => Promise.reject(new ApiError(400, 'POSTPONE_DURATION_NOT_LONGER', 'not longer'))),
    });
    render(<PostponeCheckOutPage identifier="secret-4" api={api} />);
    await user.click(await screen.findByRole('button', { name: 'Extend my visit' }));
    const dialog = await screen.findByRole('dialog', { name: /The visit could not be extended/ });
    expect(within(dialog).getByText(/does not extend your visit/)).toBeInTheDocument();
  });
});
