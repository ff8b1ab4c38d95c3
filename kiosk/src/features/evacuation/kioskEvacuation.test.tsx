import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uuidv7 } from '@vestibule/shared';
import { initTestI18n } from '../../i18n/testI18n.ts';
import type { KioskDb, LocalVisit } from '../../offline/kioskDb.ts';
import { commitCheckIn, commitCheckOut } from '../../offline/outbox.ts';
import { kioskConfig, offlineRunner } from '../kiosk/kioskTesting.ts';
import { StaffScreen } from '../kiosk/StaffScreen.tsx';
import { EvacuationView } from './EvacuationView.tsx';
import { kioskEvacuationList } from './kioskEvacuation.ts';

// The kiosk's evacuation list from its IndexedDB (fake-indexeddb here): the building's
// list it last received, changed by the check-ins and check-outs made on it since, offline.

const KEY = 'key-1';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

function serverVisit(lastName: string, values: Partial<LocalVisit> = {}): LocalVisit {
  return {
    id: uuidv7(),
    qrCodeKey: KEY,
    visitorType: 'VISITOR',
    firstName: 'Guest',
    lastName,
    checkedInAt: '2026-11-25T08:00:00.000Z',
    checkedOutAt: null,
    identifier: lastName.slice(0, 8).toUpperCase(),
    pin: null,
    publicIdentifier: `p-${lastName}`,
    scheduledAt: null,
    source: 'server',
    ...values,
  };
}

/** The building's list as GET /sync/visits gave it, received at 08:30. */
async function receivedList(db: KioskDb, visits: LocalVisit[]) {
  await db.visits.bulkPut(visits);
  await db.meta.put({ key: 'visitsFetchedAt', value: '2026-11-25T08:30:00.000Z' });
}

const checkInPayload = (firstName: string, lastName: string, extra: Record<string, string> = {}) => ({
  qrCodeKey: KEY,
  visitorType: 'VISITOR' as const,
  checkInForm: { firstName, lastName, host: 'Grace Hopper', ...extra },
});

/** `type: first last (company, host)` per person, in the list's order. */
async function lines(db: KioskDb): Promise<string[]> {
  const list = await kioskEvacuationList(db, KEY);
  return list.groups.flatMap((group) =>
    group.people.map(
      (person) =>
        `${group.visitorType}: ${person.firstName} ${person.lastName} (${person.companyName ?? '-'}, ${person.host ?? '-'})`,
    ),
  );
}

describe("the kiosk's evacuation list, offline", () => {
  it('starts from the received list, adds the check-ins made here and drops the check-outs made here', async () => {
    const db = offlineRunner().db;
    const leaving = serverVisit('Leaving');
    await receivedList(db, [
      leaving,
      serverVisit('Staying'),
      serverVisit('Builder', { visitorType: 'CONTRACTOR' }),
      serverVisit('Expected', { checkedInAt: null, scheduledAt: '2026-11-25T15:00:00.000Z' }),
      serverVisit('Elsewhere', { qrCodeKey: 'another-building' }),
    ]);
    expect(await lines(db)).toEqual([
      'VISITOR: Guest Leaving (-, -)',
      'VISITOR: Guest Staying (-, -)',
      'CONTRACTOR: Guest Builder (-, -)',
    ]);

    // With the network down: one checks in here (their host and company are known to this kiosk),
    // one leaves, one is refused at the door.
    await commitCheckIn(db, checkInPayload('Nina', 'Arrived', { companyName: 'Acme' }));
    await commitCheckOut(db, leaving.id, {});
    await commitCheckIn(db, checkInPayload('Fever', 'Refused'), { allowed: false });

    const list = await kioskEvacuationList(db, KEY);
    expect(list.listFetchedAt).toBe('2026-11-25T08:30:00.000Z');
    expect(list.total).toBe(3);
    expect(await lines(db)).toEqual([
      'VISITOR: Nina Arrived (Acme, Grace Hopper)',
      'VISITOR: Guest Staying (-, -)',
      'CONTRACTOR: Guest Builder (-, -)',
    ]);
    db.close();
  });

  it("shows the host and company of the server's list for kiosks", async () => {
    const db = offlineRunner().db;
    await receivedList(db, [{ ...serverVisit('Listed'), host: 'Ada Host', companyName: 'Listed Ltd' } as LocalVisit]);
    expect(await lines(db)).toEqual(['VISITOR: Guest Listed (Listed Ltd, Ada Host)']);
    db.close();
  });

  it('leaves out a check-in the server refused because the person was already in, not one refused for another reason', async () => {
    const db = offlineRunner().db;
    const twice = await commitCheckIn(db, checkInPayload('Dana', 'Twice'));
    const revoked = await commitCheckIn(db, checkInPayload('Ravi', 'Revoked'));
    await db.outbox.update(twice.mutationId, { status: 'rejected', errorCode: 'CHECKEDIN' });
    await db.outbox.update(revoked.mutationId, { status: 'rejected', errorCode: 'KIOSK_DEVICE_REVOKED' });
    expect(await lines(db)).toEqual(['VISITOR: Ravi Revoked (-, Grace Hopper)']);
    // Before any list came from the server, it says so.
    expect((await kioskEvacuationList(db, KEY)).listFetchedAt).toBeNull();
    db.close();
  });
});

describe("the staff screen's evacuation view", () => {
  it('follows the device as it changes, and runs a roll call that counts the people inside', async () => {
    const user = userEvent.setup();
    const runner = offlineRunner();
    const db = runner.db;
    const leaving = serverVisit('Leaving');
    await receivedList(db, [leaving, serverVisit('Staying')]);
    const onBack = vi.fn();
    render(<EvacuationView runner={runner} onBack={onBack} />);
    expect(await screen.findByTestId('kiosk-evacuation-total')).toHaveTextContent('2 people inside');
    expect(screen.getByRole('heading', { level: 1, name: 'Evacuation list' })).toBeInTheDocument();

    await commitCheckIn(db, checkInPayload('Nina', 'Arrived'));
    await waitFor(() => expect(screen.getByTestId('kiosk-evacuation-total')).toHaveTextContent('3 people inside'));
    await commitCheckOut(db, leaving.id, {});
    await waitFor(() => expect(screen.getByTestId('kiosk-evacuation-total')).toHaveTextContent('2 people inside'));
    const visitors = screen.getByRole('table', { name: 'Visitors: 2' });
    expect(
      within(visitors)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nina Arrived', 'Guest Staying']);
    expect(within(visitors).getByRole('row', { name: /Nina Arrived/ })).toHaveTextContent('Grace Hopper');

    // The roll call, with the network down: each mark is kept on the device and waits to be shared.
    await db.meta.put({ key: 'kioskName', value: 'Lobby tablet' });
    const count = () => screen.getByTestId('kiosk-roll-call-count');
    await user.click(screen.getByRole('button', { name: 'Start roll call' }));
    await waitFor(() => expect(count()).toHaveTextContent('0 of 2 accounted for'));
    expect(screen.getByRole('heading', { level: 2, name: 'Alarm: roll call in progress' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nina Arrived: present' }));
    await waitFor(() => expect(count()).toHaveTextContent('1 of 2 accounted for 1 not checked yet'));
    await user.click(screen.getByRole('button', { name: 'Guest Staying: absent' }));
    await waitFor(() => expect(count()).toHaveTextContent('1 of 2 accounted for 1 reported absent'));
    const staying = within(visitors).getByRole('row', { name: /Guest Staying/ });
    expect(staying).toHaveAttribute('data-mark', 'ABSENT');
    expect(within(staying).getByTestId('kiosk-roll-call-marked-by')).toHaveTextContent(/^kiosk Lobby tablet, /);
    expect(await screen.findByTestId('kiosk-roll-call-offline')).toHaveTextContent(
      'Offline: your marks are kept on this kiosk and shared when it is back online.',
    );
    expect(screen.getByTestId('kiosk-roll-call-waiting')).toHaveTextContent('3 marks waiting to be shared');
    // Found at the assembly point after all: pressed present, the later mark counts.
    await user.click(within(staying).getByRole('button', { name: 'Guest Staying: present' }));
    await waitFor(() => expect(count()).toHaveTextContent('2 of 2 accounted for Everyone is accounted for.'));
    expect(within(staying).getByRole('button', { name: 'Guest Staying: present' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The marks are the device's (the kiosk returns to its welcome screen when left alone, or reloads).
    cleanup();
    render(<EvacuationView runner={runner} onBack={onBack} />);
    await waitFor(() => expect(count()).toHaveTextContent('2 of 2 accounted for'));
    // Pressed again, a mark is taken back; ending while someone is not accounted for asks first.
    await user.click(screen.getByRole('button', { name: 'Nina Arrived: present' }));
    await waitFor(() => expect(count()).toHaveTextContent('1 of 2 accounted for 1 not checked yet'));
    await user.click(screen.getByRole('button', { name: 'End roll call' }));
    expect(screen.getByRole('alert')).toHaveTextContent('1 person is not accounted for. End the roll call anyway?');
    await user.click(screen.getByRole('button', { name: 'Keep going' }));
    await user.click(screen.getByRole('button', { name: 'End roll call' }));
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'End roll call' }));
    await waitFor(() => expect(screen.queryByTestId('kiosk-roll-call-count')).toBeNull());
    expect(screen.queryByRole('button', { name: /: present$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start roll call' })).toBeEnabled();
    expect(await db.outbox.where('status').equals('pending').count()).toBe(8);
    await user.click(screen.getByRole('button', { name: 'Back to the staff screen' }));
    expect(onBack).toHaveBeenCalledOnce();
    db.close();
  });
});

describe('the staff screen', () => {
  it('opens the evacuation list behind the PIN, offline, and comes back', async () => {
    const user = userEvent.setup();
    const runner = offlineRunner();
    await receivedList(runner.db, [serverVisit('Staying')]);
    render(<StaffScreen config={kioskConfig('4821')} runner={runner} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Building PIN code'), '4821');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Evacuation list' }));
    expect(await screen.findByTestId('kiosk-evacuation-total')).toHaveTextContent('1 person inside');
    await user.click(screen.getByRole('button', { name: 'Back to the staff screen' }));
    expect(await screen.findByTestId('staff-pending')).toBeInTheDocument();
    runner.db.close();
  });
});
