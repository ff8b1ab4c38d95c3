import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingSeries, type SyncPushRequest, uuidv7 } from '@vestibule/shared';
import {
  assignBuildings,
  createBuilding,
  createFloor,
  createSpace,
  createTenant,
  createUser,
  qrCodeKeyOf,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, enrolledKiosk, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { claimInvitations } from '../lifecycle/lifecycle.repo.ts';

// Entry invitations of a booking (docs/space-booking.md, "Entry invitations") on both databases:
// the external attendees get a front-desk invitation for each approved occurrence to come, kept
// in step with moves and cancellations, e-mailed a week ahead; checking in with one at the kiosk
// confirms the booking.

let t: TestApp;
let tenantId: string;
let buildingId: string;
let roomId: string;
let host: { id: string; username: string };
let colleagueEmail: string;
let headers: { authorization: string };

const DAY = 86_400_000;

/** A moment `days` from now at hh:00 UTC. */
function at(days: number, hour: number): string {
  const day = new Date(Date.now() + days * DAY);
  day.setUTCHours(hour, 0, 0, 0);
  return day.toISOString();
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Invite Corp' });
  buildingId = await createBuilding(db, tenantId, 'Invite Tower');
  const floorId = await createFloor(db, tenantId, buildingId, 'Ground');
  roomId = await createSpace(db, tenantId, floorId, 'Board room');
  await db.updateTable('spaces').set({ public: true, available: true }).where('id', '=', roomId).execute();
  host = await createUser(db, { tenantId, role: 'ROLE_USER' });
  await assignBuildings(db, host.id, [buildingId]);
  colleagueEmail = `${(await createUser(db, { tenantId, role: 'ROLE_USER' })).username}@example.test`;
  headers = bearer(await logInAs(t.app, host.username));
});
afterAll(() => t.close());

function visitsOf(seriesId: string) {
  return t.database.db
    .selectFrom('visits')
    .innerJoin('space_bookings as o', 'o.id', 'visits.space_booking_id')
    .select([
      'visits.id',
      'visits.email',
      'visits.first_name',
      'visits.host',
      'visits.host_user_id',
      'visits.is_invitation',
      'visits.scheduled_at',
      'visits.scheduled_duration',
      'visits.cancelled_at',
      'visits.invitation_sequence',
      'visits.identifier',
      'o.occurrence',
      'o.checked_in_at as booking_checked_in_at',
    ])
    .where('o.series_id', '=', seriesId)
    .orderBy('o.occurrence')
    .execute();
}

async function book(body: Record<string, unknown>): Promise<BookingSeries> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/spacebooking',
    headers,
    payload: {
      title: 'Supplier review',
      spaceId: roomId,
      createInvitation: true,
      attendees: [
        { firstName: 'Noor', lastName: 'Haddad', email: 'Noor@Supplier.example' },
        { firstName: 'In', lastName: 'House', email: colleagueEmail },
      ],
      ...body,
    },
  });
  expect(response.statusCode).toBe(200);
  return jsonOf<BookingSeries>(response);
}

describe('entry invitations of a booking', () => {
  it('invites the external attendee to each occurrence, moves and cancels the invitations with them', async () => {
    const series = await book({
      startsAt: at(2, 14),
      endsAt: at(2, 15),
      repeat: 'WEEKLY',
      repeatUntil: at(16, 0).slice(0, 10),
    });
    const made = await visitsOf(series.id);
    // The colleague is a user of the company: no front-desk invitation.
    expect(made.map((visit) => [visit.occurrence, visit.email])).toEqual([
      [1, 'noor@supplier.example'],
      [2, 'noor@supplier.example'],
      [3, 'noor@supplier.example'],
    ]);
    expect(made[0]).toMatchObject({
      first_name: 'Noor',
      host: `Test ${host.username}`,
      host_user_id: host.id,
      is_invitation: true,
      scheduled_duration: 'PT1H',
      cancelled_at: null,
    });
    expect(made.map((visit) => visit.scheduled_at?.toISOString())).toEqual(series.occurrences.map((o) => o.startsAt));

    // Only the invitation of the coming week is e-mailed now; the others a week before theirs.
    const claimed = await claimInvitations(t.database.db, new Date(), 100);
    expect(made.filter((visit) => claimed.includes(visit.id)).map((visit) => visit.occurrence)).toEqual([1]);

    // The second occurrence moves an hour later; the third is cancelled.
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/service/spacebooking/${series.id}-2`,
      headers,
      payload: { startsAt: at(9, 15), endsAt: at(9, 17) },
    });
    expect(moved.statusCode).toBe(200);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/service/spacebooking/${series.id}-3`, headers });
    expect(cancelled.statusCode).toBe(200);
    const after = await visitsOf(series.id);
    expect(after[1]).toMatchObject({ scheduled_duration: 'PT2H', cancelled_at: null });
    expect(after[1]!.scheduled_at!.toISOString()).toBe(at(9, 15));
    expect(after[1]!.invitation_sequence).toBe(made[1]!.invitation_sequence + 1);
    expect(after[2]!.cancelled_at).not.toBeNull();
    expect(after[0]).toMatchObject({ id: made[0]!.id, cancelled_at: null });
  });

  it('waits for approval: a pending booking invites nobody until approved', async () => {
    const db = t.database.db;
    const approver = await createUser(db, { tenantId, role: 'ROLE_USER' });
    await assignBuildings(db, approver.id, [buildingId]);
    await db.updateTable('spaces').set({ approver1_id: approver.id }).where('id', '=', roomId).execute();
    try {
      const series = await book({ startsAt: at(3, 9), endsAt: at(3, 10) });
      expect(await visitsOf(series.id)).toEqual([]);
      const approved = await t.app.inject({
        method: 'PATCH',
        url: `/service/spacebooking/approve/${series.id}`,
        headers: bearer(await logInAs(t.app, approver.username)),
        payload: { approved: true },
      });
      expect(approved.statusCode).toBe(200);
      expect((await visitsOf(series.id)).map((visit) => visit.email)).toEqual(['noor@supplier.example']);
    } finally {
      await db.updateTable('spaces').set({ approver1_id: null }).where('id', '=', roomId).execute();
    }
  });

  it('invites nobody without the option', async () => {
    const series = await book({ startsAt: at(4, 9), endsAt: at(4, 10), createInvitation: false });
    expect(await visitsOf(series.id)).toEqual([]);
  });

  it('confirms the booking when the guest checks in at the kiosk with the invitation', async () => {
    const starts = new Date(Date.now() + 10 * 60_000);
    starts.setUTCSeconds(0, 0);
    const series = await book({
      startsAt: starts.toISOString(),
      endsAt: new Date(starts.getTime() + 3_600_000).toISOString(),
    });
    const [visit] = await visitsOf(series.id);
    expect(visit!.booking_checked_in_at).toBeNull();
    const kiosk = await enrolledKiosk(t.app, buildingId);
    const key = await qrCodeKeyOf(t.database.db, buildingId);
    const push: SyncPushRequest = {
      deviceId: kiosk.deviceId,
      sentAt: new Date().toISOString(),
      qrCodeKey: key,
      pendingCount: 0,
      mutations: [
        {
          mutationId: uuidv7(),
          deviceId: kiosk.deviceId,
          seq: 1,
          type: 'checkIn',
          visitId: visit!.id,
          occurredAt: new Date().toISOString(),
          payload: {
            qrCodeKey: key,
            visitorType: 'VISITOR',
            checkInForm: { firstName: 'Noor', lastName: 'Haddad', host: `Test ${host.username}` },
          },
        },
      ],
    };
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/service/sync/push',
      payload: push,
      headers: kiosk.headers,
    });
    expect(jsonOf<{ results: { status: string }[] }>(pushed).results.map((result) => result.status)).toEqual([
      'applied',
    ]);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/service/spacebooking?spaceId=${roomId}&from=${starts.toISOString()}`,
      headers,
    });
    const occurrence = jsonOf<{ docs: { id: string; checkedInAt: string | null }[] }>(listed).docs.find(
      (o) => o.id === `${series.id}-1`,
    );
    expect(occurrence).toMatchObject({ checkedInAt: expect.any(String) });
  });
});
