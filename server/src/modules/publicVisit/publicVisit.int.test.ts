import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBuildingSettings, newVisitCodes, uuidv7 } from '@vestibule/shared';
import type { Insertable } from 'kysely';
import type { VisitsTable } from '../../db/schema.ts';
import { createBuilding, createTenant } from '../../../test/helpers/factories.ts';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';

// The visitor's cancel, postpone and reschedule pages' calls, on the embedded
// database and (TEST_DATABASE_URL) a PostgreSQL server: each page's visit, each change, and
// every refusal, with nothing written when refused.

let t: TestApp;
let tenantId: string;
let buildingId: string;

const HOUR = 3_600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await createTenant(t.database.db);
  buildingId = await createBuilding(t.database.db, tenantId, 'Harbour House');
  await t.database.db
    .updateTable('buildings')
    .set({ settings: JSON.stringify({ ...newBuildingSettings(), timeZoneId: 'Europe/Paris', defaultLocale: 'fr' }) })
    .where('id', '=', buildingId)
    .execute();
});
afterAll(() => t.close());

/** A visit written as the entry log and the lifecycle jobs write them (an invitation by default). */
async function visit(values: Partial<Insertable<VisitsTable>> = {}) {
  const codes = newVisitCodes();
  const id = uuidv7();
  await t.database.db
    .insertInto('visits')
    .values({
      id,
      tenant_id: tenantId,
      building_id: buildingId,
      identifier: codes.identifier,
      public_identifier: codes.publicIdentifier,
      pin: codes.pin,
      visitor_type: 'VISITOR',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      phone: '+33612345678',
      host: 'Grace Hopper',
      scheduled_at: new Date(Date.now() + 24 * HOUR),
      scheduled_duration: 'PT1H',
      source: 'STAFF',
      is_invitation: true,
      ...values,
    })
    .execute();
  return { id, publicIdentifier: codes.publicIdentifier, identifier: codes.identifier, pin: codes.pin };
}

const checkedIn = (hoursAgo: number) => ({ checked_in_at: new Date(Date.now() - hoursAgo * HOUR) });
const states = {
  cancelled: { cancelled_at: new Date() },
  checkedIn: checkedIn(0.5),
  checkedOut: { ...checkedIn(2), checked_out_at: new Date(Date.now() - HOUR) },
  refused: { allowed: false, refusal_reason: 'ALERT_ANSWER' as const, scheduled_at: null },
};

function call(method: 'GET' | 'DELETE' | 'PATCH', path: string, payload?: object) {
  return t.app.inject({ method, url: `/service${path}`, ...(payload ? { payload } : {}) });
}

async function row(id: string) {
  return t.database.db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Only what the page shows: no ids but the building's (its logo's path), no codes, no contact details. */
function expectNothingPrivate(body: string, created: Awaited<ReturnType<typeof visit>>) {
  for (const secret of [created.id, created.identifier, 'ada@example.test', '+33612345678', tenantId]) {
    expect(body).not.toContain(secret);
  }
}

describe('GET and DELETE /cancelable/{publicIdentifier}', () => {
  it('shows an invitation to its visitor, in the words of the page and nothing private', async () => {
    const created = await visit();
    const response = await call('GET', `/cancelable/${created.publicIdentifier}`);
    expect(response.statusCode).toBe(200);
    const body = jsonOf(response);
    expect(body).toMatchObject({
      building: { id: buildingId, name: 'Harbour House', timeZoneId: 'Europe/Paris', defaultLocale: 'fr' },
      visitorType: 'VISITOR',
      firstName: 'Ada',
      lastName: 'Lovelace',
      host: 'Grace Hopper',
      status: 'EXPECTED',
      scheduledDuration: 'PT1H',
      checkedInAt: null,
    });
    expect(new Date(body.expectedEnd as string).getTime() - new Date(body.scheduledAt as string).getTime()).toBe(HOUR);
    expectNothingPrivate(response.body, created);
  });

  it('cancels an invitation once: the visit is cancelled, a second cancel says it already is', async () => {
    const created = await visit();
    const response = await call('DELETE', `/cancelable/${created.publicIdentifier}`);
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response).status).toBe('CANCELLED');
    expectNothingPrivate(response.body, created);
    const cancelledAt = (await row(created.id)).cancelled_at;
    expect(cancelledAt).not.toBeNull();
    const again = await call('DELETE', `/cancelable/${created.publicIdentifier}`);
    expect(again.statusCode).toBe(409);
    expect(jsonOf(again).errorCode).toBe('MEETING_CANCELLED');
    expect((await row(created.id)).cancelled_at).toEqual(cancelledAt);
    expect(jsonOf(await call('GET', `/cancelable/${created.publicIdentifier}`)).errorCode).toBe('MEETING_CANCELLED');
  });

  it('cancels once when two tabs cancel at the same moment', async () => {
    const created = await visit();
    const answers = await Promise.all([
      call('DELETE', `/cancelable/${created.publicIdentifier}`),
      call('DELETE', `/cancelable/${created.publicIdentifier}`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a visit that has begun or ended (409), and nothing changes', async () => {
    for (const state of [states.checkedIn, states.checkedOut]) {
      const created = await visit(state);
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await call(method, `/cancelable/${created.publicIdentifier}`);
        expect(response.statusCode).toBe(409);
        expect(jsonOf(response).errorCode).toBe('MEETING_ALREADY_STARTED');
      }
      expect((await row(created.id)).cancelled_at).toBeNull();
    }
  });

  it('finds no visit for an unknown identifier or an entry refused at the door: CANCEL_VISIT_NOT_FOUND', async () => {
    const refused = await visit(states.refused);
    for (const identifier of [newVisitCodes().publicIdentifier, refused.publicIdentifier]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await call(method, `/cancelable/${identifier}`);
        expect(response.statusCode).toBe(404);
        expect(jsonOf(response).errorCode).toBe('CANCEL_VISIT_NOT_FOUND');
      }
    }
    expect((await row(refused.id)).cancelled_at).toBeNull();
  });
});

describe('GET and PATCH /postponable/{publicIdentifier}', () => {
  it('offers a scheduled visit every longer duration, and makes it longer', async () => {
    const created = await visit({ scheduled_duration: 'PT1H30M' });
    const response = await call('GET', `/postponable/${created.publicIdentifier}`);
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response).durationChoices).toEqual(['PT2H', 'PT3H', 'PT4H', 'PT5H', 'PT6H', 'PT7H', 'PT8H']);
    expectNothingPrivate(response.body, created);
    const patched = await call('PATCH', `/postponable/${created.publicIdentifier}`, { scheduledDuration: 'PT3H' });
    expect(patched.statusCode).toBe(200);
    const body = jsonOf(patched);
    expect(body.scheduledDuration).toBe('PT3H');
    expect(new Date(body.expectedEnd as string).getTime() - new Date(body.scheduledAt as string).getTime()).toBe(
      3 * HOUR,
    );
    expect((await row(created.id)).scheduled_duration).toBe('PT3H');
  });

  it("prolongs an overdue visitor's stay only to an end still ahead, and its end notices are sent again for the new end", async () => {
    const sent = new Date(Date.now() - 10 * MINUTE);
    const created = await visit({
      ...checkedIn(3),
      scheduled_duration: 'PT1H',
      end_reminder_sent_at: sent,
      overdue_alert_sent_at: sent,
      start_reminder_sent_at: sent,
    });
    const page = jsonOf(await call('GET', `/postponable/${created.publicIdentifier}`));
    expect(page.status).toBe('LATE');
    expect(page.durationChoices).toEqual(['PT4H', 'PT5H', 'PT6H', 'PT7H', 'PT8H']);
    const tooShort = await call('PATCH', `/postponable/${created.publicIdentifier}`, { scheduledDuration: 'PT2H' });
    expect(tooShort.statusCode).toBe(400);
    expect(jsonOf(tooShort).errorCode).toBe('POSTPONE_DURATION_NOT_LONGER');
    expect((await row(created.id)).scheduled_duration).toBe('PT1H');

    const patched = await call('PATCH', `/postponable/${created.publicIdentifier}`, { scheduledDuration: 'PT5H' });
    expect(patched.statusCode).toBe(200);
    expect(jsonOf(patched).status).toBe('IN');
    const stored = await row(created.id);
    expect(stored.scheduled_duration).toBe('PT5H');
    expect(stored.end_reminder_sent_at).toBeNull();
    expect(stored.overdue_alert_sent_at).toBeNull();
    expect(stored.start_reminder_sent_at).toEqual(sent);
  });

  it('refuses a duration that is not longer, and one that is not among the choices', async () => {
    const created = await visit({ scheduled_duration: 'PT2H' });
    const same = await call('PATCH', `/postponable/${created.publicIdentifier}`, { scheduledDuration: 'PT2H' });
    expect(jsonOf(same).errorCode).toBe('POSTPONE_DURATION_NOT_LONGER');
    const odd = await call('PATCH', `/postponable/${created.publicIdentifier}`, { scheduledDuration: 'PT45M' });
    expect(odd.statusCode).toBe(400);
    expect(jsonOf(odd).errorCode).toBe('VALIDATION_FAILED');
    const none = await call('PATCH', `/postponable/${created.publicIdentifier}`, {});
    expect(none.statusCode).toBe(400);
    expect((await row(created.id)).scheduled_duration).toBe('PT2H');
  });

  it('offers no longer duration past the longest choice', async () => {
    const created = await visit({ scheduled_duration: 'PT8H' });
    expect(jsonOf(await call('GET', `/postponable/${created.publicIdentifier}`)).durationChoices).toEqual([]);
  });

  it('judges two extensions at once one after the other: the second is no longer longer', async () => {
    const created = await visit();
    const answers = await Promise.all([
      call('PATCH', `/postponable/${created.publicIdentifier}`, { scheduledDuration: 'PT2H' }),
      call('PATCH', `/postponable/${created.publicIdentifier}`, { scheduledDuration: 'PT2H' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect((await row(created.id)).scheduled_duration).toBe('PT2H');
  });

  it('refuses a checked-out or cancelled visit (409) and finds no unknown or refused one (404)', async () => {
    const cases = [
      { values: states.checkedOut, status: 409, code: 'VISIT_ALREADY_CHECKED_OUT' },
      { values: states.cancelled, status: 409, code: 'MEETING_CANCELLED' },
      { values: states.refused, status: 404, code: 'POSTPONE_CHECKOUT_VISIT_NOT_FOUND' },
    ];
    for (const { values, status, code } of cases) {
      const created = await visit(values);
      for (const [method, payload] of [['GET'], ['PATCH', { scheduledDuration: 'PT8H' }]] as const) {
        const response = await call(method, `/postponable/${created.publicIdentifier}`, payload);
        expect([response.statusCode, jsonOf(response).errorCode]).toEqual([status, code]);
      }
      expect((await row(created.id)).scheduled_duration).toBe('PT1H');
    }
    const unknown = await call('GET', `/postponable/${newVisitCodes().publicIdentifier}`);
    expect([unknown.statusCode, jsonOf(unknown).errorCode]).toEqual([404, 'POSTPONE_CHECKOUT_VISIT_NOT_FOUND']);
  });
});

describe('GET and PATCH /reschedulable/{publicIdentifier}', () => {
  it('moves an invitation to another time; its reminders and expiry are judged again', async () => {
    const sent = new Date(Date.now() - HOUR);
    const created = await visit({ start_reminder_sent_at: sent, end_reminder_sent_at: sent, expired_at: sent });
    const page = await call('GET', `/reschedulable/${created.publicIdentifier}`);
    expect(page.statusCode).toBe(200);
    expectNothingPrivate(page.body, created);
    const at = new Date(Date.now() + 3 * 24 * HOUR);
    at.setUTCSeconds(0, 0);
    const response = await call('PATCH', `/reschedulable/${created.publicIdentifier}`, {
      scheduledAt: at.toISOString(),
    });
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toMatchObject({ scheduledAt: at.toISOString(), status: 'EXPECTED' });
    const stored = await row(created.id);
    expect(new Date(stored.scheduled_at ?? 0).toISOString()).toBe(at.toISOString());
    expect([stored.start_reminder_sent_at, stored.end_reminder_sent_at, stored.expired_at]).toEqual([null, null, null]);
  });

  it('takes a time with an offset, as a phone in the building sends it', async () => {
    const created = await visit();
    const day = new Date(Date.now() + 30 * 24 * HOUR).toISOString().slice(0, 10);
    const response = await call('PATCH', `/reschedulable/${created.publicIdentifier}`, {
      scheduledAt: `${day}T09:30:00+01:00`,
    });
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response).scheduledAt).toBe(`${day}T08:30:00.000Z`);
  });

  it('refuses a time at which the visit would be over, one more than a year ahead, and no time', async () => {
    const created = await visit();
    const before = (await row(created.id)).scheduled_at;
    const over = await call('PATCH', `/reschedulable/${created.publicIdentifier}`, {
      scheduledAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    });
    expect([over.statusCode, jsonOf(over).errorCode]).toEqual([400, 'MEETING_IN_THE_PAST']);
    const far = await call('PATCH', `/reschedulable/${created.publicIdentifier}`, {
      scheduledAt: new Date(Date.now() + 400 * 24 * HOUR).toISOString(),
    });
    expect([far.statusCode, jsonOf(far).errorCode]).toEqual([400, 'VALIDATION_FAILED']);
    for (const scheduledAt of ['tomorrow', '', undefined]) {
      const bad = await call('PATCH', `/reschedulable/${created.publicIdentifier}`, { scheduledAt });
      expect(bad.statusCode).toBe(400);
    }
    expect((await row(created.id)).scheduled_at).toEqual(before);
  });

  it('lets a visit that started minutes ago move to now: it is not over', async () => {
    const created = await visit();
    const response = await call('PATCH', `/reschedulable/${created.publicIdentifier}`, {
      scheduledAt: new Date(Date.now() - 10 * MINUTE).toISOString(),
    });
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response).status).toBe('SOON');
  });

  it('refuses an arrived, checked-out or cancelled visit (409) and finds no unknown or refused one (404)', async () => {
    const at = new Date(Date.now() + 48 * HOUR).toISOString();
    const cases = [
      { values: states.checkedIn, status: 409, code: 'MEETING_ALREADY_STARTED' },
      { values: states.checkedOut, status: 409, code: 'MEETING_ALREADY_STARTED' },
      { values: states.cancelled, status: 409, code: 'MEETING_CANCELLED' },
      { values: states.refused, status: 404, code: 'CANCEL_VISIT_NOT_FOUND' },
    ];
    for (const { values, status, code } of cases) {
      const created = await visit(values);
      const before = (await row(created.id)).scheduled_at;
      for (const [method, payload] of [['GET'], ['PATCH', { scheduledAt: at }]] as const) {
        const response = await call(method, `/reschedulable/${created.publicIdentifier}`, payload);
        expect([response.statusCode, jsonOf(response).errorCode]).toEqual([status, code]);
      }
      expect((await row(created.id)).scheduled_at).toEqual(before);
    }
    const unknown = await call('PATCH', `/reschedulable/${newVisitCodes().publicIdentifier}`, { scheduledAt: at });
    expect([unknown.statusCode, jsonOf(unknown).errorCode]).toEqual([404, 'CANCEL_VISIT_NOT_FOUND']);
  });
});

describe('limits', () => {
  it('limits the public visit calls per address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '2' });
    try {
      const url = `/service/cancelable/${newVisitCodes().publicIdentifier}`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
