import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resources } from '@vestibule/shared/i18n';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { commitCheckIn } from '../../offline/outbox.ts';
import { StaffScreen } from './StaffScreen.tsx';
import { kioskConfig, offlineRunner } from './kioskTesting.ts';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

describe('the kiosk staff screen', () => {
  it('opens only with the building PIN, checked on the device', async () => {
    const user = userEvent.setup();
    const runner = offlineRunner();
    render(<StaffScreen config={kioskConfig('4821')} runner={runner} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Building PIN code'), '1111');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This PIN code is not right.'));
    expect(screen.queryByTestId('staff-pending')).toBeNull();
    await user.type(screen.getByLabelText('Building PIN code'), '4821');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('staff-pending')).toBeInTheDocument();
  });

  it('says so when the building has no PIN, and stays closed', () => {
    render(<StaffScreen config={kioskConfig(null)} runner={offlineRunner()} onClose={vi.fn()} />);
    expect(screen.getByText(/This building has no PIN code/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Building PIN code')).toBeNull();
  });

  it('shows pending entries, refused ones with their reason, versions and storage', async () => {
    const user = userEvent.setup();
    const runner = offlineRunner();
    const payload = {
      qrCodeKey: 'key-1',
      visitorType: 'VISITOR' as const,
      checkInForm: { firstName: 'Ada', lastName: 'Lovelace' },
    };
    await commitCheckIn(runner.db, payload);
    const refused = await commitCheckIn(runner.db, {
      ...payload,
      checkInForm: { firstName: 'Alan', lastName: 'Turing' },
    });
    await runner.db.outbox.update(refused.mutationId, { status: 'rejected', errorCode: 'CHECKEDIN' });
    await runner.db.meta.put({ key: 'persisted', value: 'true' });
    render(<StaffScreen config={kioskConfig('4821')} runner={runner} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Building PIN code'), '4821');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByTestId('staff-pending').textContent).toContain('1'));
    expect(screen.getByTestId('staff-storage').textContent).toContain('Persistent');
    expect(screen.getByTestId('staff-config-version').textContent).toContain('v1');
    const rejected = await screen.findByTestId('staff-rejected');
    expect(rejected.textContent).toContain('Alan Turing');
    expect(rejected.textContent).toContain('Check-in');
    expect(rejected.textContent).toMatch(/already checked in/i);
  });

  it('lists the visitors the watchlist holds at the door, and asks before letting one in', async () => {
    const user = userEvent.setup();
    const runner = offlineRunner();
    await commitCheckIn(
      runner.db,
      { qrCodeKey: 'key-1', visitorType: 'VISITOR', checkInForm: { firstName: 'Zoë', lastName: 'Lefèvre' } },
      { allowed: false, watch: 'HELD' },
    );
    render(<StaffScreen config={kioskConfig('4821')} runner={runner} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Building PIN code'), '4821');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const held = await screen.findByTestId('staff-held');
    expect(held.textContent).toContain('Zoë Lefèvre');
    await user.click(screen.getByRole('button', { name: 'Let Zoë Lefèvre in' }));
    expect(screen.getByText('Let Zoë Lefèvre in? They are checked in now and their host is told.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Let in' }));
    // The server decides: a kiosk with no network says so and the visitor stays held.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        resources.en.errors.SERVER_CONNECTION_ERROR,
      ),
    );
    expect(screen.getByTestId('staff-held').textContent).toContain('Zoë Lefèvre');
  });

  it('says when nobody waits at the door', async () => {
    const user = userEvent.setup();
    render(<StaffScreen config={kioskConfig('4821')} runner={offlineRunner()} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Building PIN code'), '4821');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Nobody is waiting.')).toBeInTheDocument();
  });
});
