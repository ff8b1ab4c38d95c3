import { dayInZone } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { RescheduleVisitPage } from './RescheduleVisitPage.tsx';
import { fakeApi, publicVisit } from './testVisits.ts';
import { instantOfWallTime, wallTimeOf } from './zonedTime.ts';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

const DAY = 24 * 3_600_000;

describe('/rescheduleVisit/{identifier}', () => {
  it("starts from the visit's time on the building's clock and moves it to the day and time typed", async () => {
    const user = userEvent.setup();
    const visit = publicVisit();
    const reschedule = vi.fn((_: string, scheduledAt: string) => Promise.resolve(publicVisit({ scheduledAt })));
    const api = fakeApi({ reschedulable: vi.fn(() => Promise.resolve(visit)), reschedule });
    render(<RescheduleVisitPage identifier="secret-1" api={api} />);
    const date = (await screen.findByLabelText('Date')) as HTMLInputElement;
    const time = screen.getByLabelText('Time') as HTMLInputElement;
    expect({ date: date.value, time: time.value }).toEqual(wallTimeOf(visit.scheduledAt ?? '', 'Europe/Paris'));
    const day = dayInZone(new Date(Date.now() + 5 * DAY), 'Europe/Paris');
    fireEvent.change(date, { target: { value: day } });
    fireEvent.change(time, { target: { value: '14:30' } });
    await user.click(screen.getByRole('button', { name: 'Move my visit' }));
    const expected = instantOfWallTime(day, '14:30', 'Europe/Paris')?.toISOString();
    expect(reschedule).toHaveBeenCalledWith('secret-1', expected);
    expect(await screen.findByRole('dialog', { name: /Your visit has a new time/ })).toBeInTheDocument();
  });

  it('says a time at which the visit would be over before sending anything', async () => {
    const user = userEvent.setup();
    const reschedule = vi.fn();
    const api = fakeApi({ reschedulable: vi.fn(() => Promise.resolve(publicVisit())), reschedule });
    render(<RescheduleVisitPage identifier="secret-2" api={api} />);
    const date = await screen.findByLabelText('Date');
    fireEvent.change(date, { target: { value: dayInZone(new Date(Date.now() - 2 * DAY), 'Europe/Paris') } });
    await user.click(screen.getByRole('button', { name: 'Move my visit' }));
    expect(screen.getByText(/Your visit would already be over at that time/)).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '' } });
    fireEvent.change(date, { target: { value: dayInZone(new Date(Date.now() + 2 * DAY), 'Europe/Paris') } });
    expect(screen.getByText('Choose a time.')).toBeInTheDocument();
    expect(reschedule).not.toHaveBeenCalled();
  });

  it('shows what the server refused in the error modal, and an arrived visit as not movable', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      reschedulable: vi.fn(() => Promise.resolve(publicVisit())),
      reschedule: vi.fn(() => Promise.reject(new ApiError(409, 'MEETING_ALREADY_STARTED', 'started'))),
    });
    render(<RescheduleVisitPage identifier="secret-3" api={api} />);
    await user.click(await screen.findByRole('button', { name: 'Move my visit' }));
    const dialog = await screen.findByRole('dialog', { name: /The time could not be changed/ });
    expect(within(dialog).getByText(/This visit has already started/)).toBeInTheDocument();
    cleanup();
    const arrived = fakeApi({
      reschedulable: vi.fn(() => Promise.reject(new ApiError(409, 'MEETING_ALREADY_STARTED', 'started'))),
    });
    render(<RescheduleVisitPage identifier="secret-4" api={arrived} />);
    expect(await screen.findByRole('dialog', { name: /This visit cannot be moved/ })).toBeInTheDocument();
  });
});
