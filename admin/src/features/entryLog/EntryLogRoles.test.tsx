import { screen, waitFor, within } from '@testing-library/react';
import { type VisitPermission, type Role, checkInOutRoles, hasAnyRole, mayOnVisits } from '@vestibule/shared';
import type { ContractKey } from '@vestibule/shared/contract';
import { describe, expect, it, vi } from 'vitest';
import { routeTable } from '../routing/index.ts';
import { fakeEntryLog, visitFixture } from './testing/fakeEntryLog.ts';
import { renderEntryLog } from './testing/renderEntryLog.tsx';

// A refused call (403) signs the user out: every role admitted to
// /check-in-out uses the screen, and every call it makes is one the shared rule grants the role.

/** The permission each call of the screen needs (the server declares its routes by the same rule). */
const permissionOf: Partial<Record<ContractKey, VisitPermission>> = {
  'GET /meeting': 'view',
  'GET /meetingStats/:buildingId': 'view',
  // Who waits at the door (the banner): whoever reads the entry log.
  'GET /meetings/held': 'view',
  'GET /meeting/:id': 'view',
  'GET /meetings/meetings.csv': 'export',
  'POST /meeting': 'invite',
  'GET /meeting/building/:id/employee': 'invite',
  'GET /meeting/:id/check-in': 'checkIn',
  'PATCH /meeting/:id/check-in': 'checkIn',
  'GET /meeting/:id/check-out': 'checkOut',
  'PATCH /meeting/:id/check-out': 'checkOut',
  'PATCH /meeting/:id/check-in-back': 'checkInBack',
  'PATCH /meeting/:id/cancel': 'cancel',
  'POST /meeting/instantReplacementCheckin': 'fastCheckIn',
  'GET /meeting/building/:id/checkInData': 'fastCheckIn',
  'POST /meetingWithCheckIn': 'fastCheckIn',
  'GET /meeting/building/:id/returning': 'fastCheckIn',
  'DELETE /meeting/:id': 'remove',
  // The live stream's ticket: granted to the roles of the entry log.
  'POST /live/ticket': 'view',
};

function granted(role: Role, key: string): boolean {
  if (key === 'GET /people') return hasAnyRole(role, routeTable.people.access.roles);
  const permission = permissionOf[key as ContractKey];
  return permission !== undefined && mayOnVisits(role, permission);
}

const expected = visitFixture('Anne', 'Leroy');
const inside = visitFixture('Bob', 'Stone', { status: 'IN', checkedInAt: '2026-03-02T08:15:00.000Z' });
const gone = visitFixture('Carla', 'Diaz', {
  status: 'OUT',
  checkedInAt: '2026-03-02T08:00:00.000Z',
  checkedOutAt: '2026-03-02T09:00:00.000Z',
});

describe.each(checkInOutRoles)('the entry log as %s', (role) => {
  it('shows the actions the role may take, and makes only calls it is granted', async () => {
    const { calls } = fakeEntryLog([expected, inside, gone]);
    const { user } = await renderEntryLog(role);
    const expectedRow = await screen.findByTestId(`visit-row-${expected.id}`);
    const insideRow = screen.getByTestId(`visit-row-${inside.id}`);
    const goneRow = screen.getByTestId(`visit-row-${gone.id}`);
    const shown = (scope: HTMLElement, name: string) => within(scope).queryByRole('button', { name }) !== null;

    expect(shown(expectedRow, 'Check in Anne Leroy')).toBe(mayOnVisits(role, 'checkIn'));
    expect(shown(insideRow, 'Check out Bob Stone')).toBe(mayOnVisits(role, 'checkOut'));
    expect(shown(goneRow, 'Check Carla Diaz in back')).toBe(mayOnVisits(role, 'checkInBack'));
    expect(shown(goneRow, 'Check Carla Diaz in again: a new visit with the same details and host')).toBe(
      mayOnVisits(role, 'fastCheckIn'),
    );
    expect(shown(expectedRow, 'Cancel the visit of Anne Leroy')).toBe(mayOnVisits(role, 'cancel'));
    expect(shown(goneRow, 'Remove the visit of Carla Diaz')).toBe(mayOnVisits(role, 'remove'));
    // No action a visit's state forbids.
    expect(shown(insideRow, 'Check in Bob Stone')).toBe(false);
    expect(shown(goneRow, 'Cancel the visit of Carla Diaz')).toBe(false);
    expect(shown(insideRow, 'Check Bob Stone in again: a new visit with the same details and host')).toBe(false);

    // The visit's detail, the CSV, and a new invitation with a host from the directory.
    await user.click(within(goneRow).getByRole('button', { name: 'Details of the visit of Carla Diaz' }));
    const detail = await screen.findByRole('dialog', { name: 'Visit of Carla Diaz' });
    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:meetings'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();

    await user.click(screen.getByRole('button', { name: 'New invite' }));
    const invite = await screen.findByRole('dialog', { name: 'New invite' });
    expect(within(invite).queryByRole('radio', { name: 'Someone in the people directory' }) !== null).toBe(
      hasAnyRole(role, routeTable.people.access.roles),
    );
    await user.type(within(invite).getByRole('textbox', { name: 'First name' }), 'Dora');
    await user.type(within(invite).getByRole('textbox', { name: 'Last name' }), 'Guest');
    await user.click(within(invite).getByRole('textbox', { name: 'Host' }));
    await user.click(await screen.findByRole('option', { name: /Hana Host/ }));
    await user.click(within(invite).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Dora Guest is invited'));

    // The desk's check-in of someone new, for the roles at the door.
    const fastCheckIn = screen.queryByRole('button', { name: 'Check someone in' });
    expect(fastCheckIn !== null).toBe(mayOnVisits(role, 'fastCheckIn'));
    if (fastCheckIn) {
      await user.click(fastCheckIn);
      const dialog = await screen.findByRole('dialog', { name: 'Check someone in' });
      await user.type(await within(dialog).findByRole('textbox', { name: 'First name' }), 'Walter');
      await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Walkin');
      await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
      // The success notice (findBy fails the test when it never shows).
      await screen.findByText('Walter Walkin is checked in.');
    }

    const refused = calls.keys().filter((key) => !granted(role, key));
    expect(refused).toEqual([]);
    expect(calls.keys()).toEqual(
      expect.arrayContaining(['GET /meeting', 'GET /meetingStats/:buildingId', 'GET /meeting/:id', 'POST /meeting']),
    );
  });
});
