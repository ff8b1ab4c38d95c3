import { ApiError } from '@vestibule/shared/api';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { CancelVisitPage } from './CancelVisitPage.tsx';
import { fakeApi, publicVisit } from './testVisits.ts';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

describe('/cancelVisit/{identifier}', () => {
  it('shows the visit, cancels it when asked, says so in a modal and keeps it said on the page', async () => {
    const user = userEvent.setup();
    const visit = publicVisit();
    const cancel = vi.fn(() => Promise.resolve({ ...visit, status: 'CANCELLED' as const }));
    const api = fakeApi({ cancelable: vi.fn(() => Promise.resolve(visit)), cancel });
    render(<CancelVisitPage identifier="secret-1" api={api} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancel your visit' })).toHaveFocus();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel my visit' }));
    expect(cancel).toHaveBeenCalledWith('secret-1');
    const dialog = await screen.findByRole('dialog', { name: /Your visit is cancelled/ });
    expect(within(dialog).getByText(/is cancelled\. You can close this page\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('This visit is cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my visit' })).not.toBeInTheDocument();
  });

  it('says why a visit cannot be cancelled in the error modal (already begun)', async () => {
    const api = fakeApi({
      cancelable: vi.fn(() => Promise.reject(new ApiError(409, 'MEETING_ALREADY_STARTED', 'started'))),
    });
    render(<CancelVisitPage identifier="secret-2" api={api} />);
    const dialog = await screen.findByRole('dialog', { name: /This visit cannot be cancelled/ });
    expect(within(dialog).getByText(/This visit has already started/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my visit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says the catalogue’s not-found message for an unknown link', async () => {
    const api = fakeApi({
      cancelable: vi.fn(() => Promise.reject(new ApiError(404, 'CANCEL_VISIT_NOT_FOUND', 'not found'))),
    });
    render(<CancelVisitPage identifier="unknown" api={api} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This visit could not be found or can no longer be changed.')).toBeInTheDocument();
  });

  it('shows a failed cancel in the error modal, then lets the visitor try again', async () => {
    const user = userEvent.setup();
    const visit = publicVisit();
    const cancel = vi
      .fn<(id: string) => Promise<typeof visit>>()
      .mockRejectedValueOnce(new ApiError(0, 'SERVER_CONNECTION_ERROR', 'offline'))
      .mockResolvedValueOnce(visit);
    const api = fakeApi({ cancelable: vi.fn(() => Promise.resolve(visit)), cancel });
    render(<CancelVisitPage identifier="secret-3" api={api} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel my visit' }));
    const dialog = await screen.findByRole('dialog', { name: /The visit could not be cancelled/ });
    expect(within(dialog).getByText(/The signal is weak/)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel my visit' }));
    expect(await screen.findByRole('dialog', { name: /Your visit is cancelled/ })).toBeInTheDocument();
    expect(cancel).toHaveBeenCalledTimes(2);
  });
});
