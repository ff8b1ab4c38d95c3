import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostCandidate, VisitDetail } from '@vestibule/shared';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';
import { type Seed, caller, errorOf, invitation, invite, seedVisits } from './visits.test-fixtures.ts';

// Invitations from the entry log (both databases): POST /meeting with a host of the
// directory, changes, cancel, delete, the host search; each refusal changes nothing; each change
// audited in its transaction.

let t: TestApp;
let seed: Seed;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedVisits(t);
  call = caller(t, seed);
});
afterAll(() => t.close());

const visitRow = (id: string) =>
  t.database.db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditOf = (id: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'entity', 'actor_id', 'before', 'after'])
    .where('entity_id', '=', id)
    .orderBy('at')
    .orderBy('id')
    .execute();
const visitCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('visits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /meeting: an invitation', () => {
  it('invites a typed visitor (201) with a host of the directory, for the lifecycle job to e-mail', async () => {
    // Three days ahead: EXPECTED whatever the time of day the test runs.
    const body = invitation(seed, { scheduledAt: new Date(Date.now() + 72 * 3_600_000).toISOString() });
    const response = await call('ROLE_USER', 'POST', '/meeting', body);
    expect(response.statusCode).toBe(201);
    const visit = jsonOf<VisitDetail>(response);
    expect(visit).toMatchObject({
      buildingId: seed.hq,
      buildingName: 'HQ',
      visitorType: 'VISITOR',
      firstName: 'Vera',
      lastName: body.lastName,
      email: body.email,
      companyName: body.companyName,
      host: 'Ada Lovelace',
      hostPersonId: seed.people.ada,
      isInvitation: true,
      invitedBy: seed.users.ROLE_USER.id,
      invitedByName: `Test ${seed.users.ROLE_USER.username}`,
      source: 'STAFF',
      scheduledAt: body.scheduledAt,
      scheduledDuration: 'PT1H',
      checkedInAt: null,
      status: 'EXPECTED',
      locale: 'en',
    });
    const row = await visitRow(visit.id);
    expect(row).toMatchObject({ is_invitation: true, invitation_sent_at: null, invited_by: seed.users.ROLE_USER.id });
    // The wizard starts from what the invitation knows.
    expect(row.check_in_form).toEqual({
      firstName: 'Vera',
      lastName: body.lastName,
      email: body.email,
      companyName: body.companyName,
      contractorCompanyName: body.companyName,
      host: 'Ada Lovelace',
    });
    const audit = await auditOf(visit.id);
    expect(audit.map((entry) => [entry.action, entry.entity, entry.actor_id])).toEqual([
      ['MEETING_CREATED', 'visit', seed.users.ROLE_USER.id],
    ]);
    expect(JSON.stringify(audit)).not.toContain(row.pin);
  });

  it("invites a person of the directory: the record's names, e-mail and language", async () => {
    const visit = await invite(call, seed, {
      personId: seed.people.regular,
      firstName: null,
      lastName: null,
      email: null,
      visitorType: 'CONTRACTOR',
    });
    expect(visit).toMatchObject({
      personId: seed.people.regular,
      firstName: 'Rita',
      lastName: 'Regular',
      email: 'rita@visitor.test',
      visitorType: 'VISITOR',
      locale: 'fr',
    });
  });

  it('lets a space user invite to their buildings', async () => {
    const visit = await invite(call, seed, {}, 'ROLE_SPACE');
    expect(visit.invitedBy).toBe(seed.users.ROLE_SPACE.id);
  });

  it('refuses a host who is not an active employee of that building, and changes nothing', async () => {
    const before = await visitCount();
    for (const host of [
      seed.people.regular,
      seed.people.gone,
      seed.people.annexHost,
      seed.people.otherHost,
      '0192a0b0-0000-7000-8000-000000000009',
    ]) {
      const response = await call('ROLE_ADMIN', 'POST', '/meeting', invitation(seed, { hostPersonId: host }));
      expect(errorOf(response)).toEqual([400, 'MEETING_HOST_NOT_EMPLOYEE']);
    }
    expect(await visitCount()).toBe(before);
  });

  it("answers 404 for another company's building, an unassigned one, or a visitor of another building", async () => {
    const before = await visitCount();
    const refusals = [
      await call('ROLE_ADMIN', 'POST', '/meeting', invitation(seed, { buildingId: seed.other })),
      await call('ROLE_SUPERVISOR', 'POST', '/meeting', invitation(seed, { buildingId: seed.annex })),
      await call('ROLE_ADMIN', 'POST', '/meeting', invitation(seed, { personId: seed.people.annexHost })),
    ];
    expect(refusals.map(errorOf)).toEqual([
      [404, 'NOT_FOUND'],
      [404, 'NOT_FOUND'],
      [404, 'NOT_FOUND'],
    ]);
    expect(await visitCount()).toBe(before);
  });

  it('refuses a deactivated visitor, missing names, a time already over and a duration off the list', async () => {
    const before = await visitCount();
    const past = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const refusals = [
      await call('ROLE_ADMIN', 'POST', '/meeting', invitation(seed, { personId: seed.people.gone })),
      await call('ROLE_ADMIN', 'POST', '/meeting', invitation(seed, { lastName: '  ' })),
      await call('ROLE_ADMIN', 'POST', '/meeting', invitation(seed, { scheduledAt: past })),
      await call('ROLE_ADMIN', 'POST', '/meeting', invitation(seed, { scheduledDuration: 'PT45M' })),
      await call('ROLE_ADMIN', 'POST', '/meeting', invitation(seed, { email: 'not an e-mail' })),
    ];
    expect(refusals.map(errorOf)).toEqual([
      [409, 'PERSON_DEACTIVATED'],
      [400, 'MISSING'],
      [400, 'MEETING_IN_THE_PAST'],
      [400, 'VALIDATION_FAILED'],
      [400, 'EMAIL_IS_NOT_VALID'],
    ]);
    expect(await visitCount()).toBe(before);
  });

  it('is open to no technical user (403)', async () => {
    expect(errorOf(await call('ROLE_TECH_1', 'POST', '/meeting', invitation(seed)))).toEqual([403, 'FORBIDDEN']);
  });
});

describe('GET /meeting/building/{id}/employee: hosts', () => {
  it("finds the building's active employees by the beginning of a first or last name, by name, without their e-mail", async () => {
    const found = async (query: string) =>
      jsonOf<{ docs: HostCandidate[] }>(
        await call('ROLE_SPACE', 'GET', `/meeting/building/${seed.hq}/employee${query}`),
      ).docs;
    const hosts = async (query: string) => (await found(query)).map((host) => `${host.firstName} ${host.lastName}`);
    // No name: the first hosts by last name (the company's users who see HQ come after).
    expect((await hosts('')).slice(0, 2)).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(await hosts('?name=tur')).toEqual(['Alan Turing']);
    expect(await hosts('?name=ADA%20L')).toEqual(['Ada Lovelace']);
    expect(await found('?name=ada')).toEqual([
      { personId: seed.people.ada, userId: null, firstName: 'Ada', lastName: 'Lovelace', department: null },
    ]);
    // An e-mail finds nobody: a host is found by name and shown without their address.
    expect(await hosts('?name=alan@')).toEqual([]);
    expect(await hosts('?name=grace')).toEqual([]);
    expect(await hosts('?name=rita')).toEqual([]);
    expect(await hosts('?name=%25')).toEqual([]);
  });

  it("answers 404 for an unassigned or another company's building", async () => {
    expect(errorOf(await call('ROLE_SUPERVISOR', 'GET', `/meeting/building/${seed.annex}/employee`))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect(errorOf(await call('ROLE_ADMIN', 'GET', `/meeting/building/${seed.other}/employee`))).toEqual([
      404,
      'NOT_FOUND',
    ]);
  });
});

describe('PATCH /meeting/{id}: changes', () => {
  it('changes the visitor, the host, the time and the duration; a new time clears the notices sent', async () => {
    const visit = await invite(call, seed);
    await t.database.db
      .updateTable('visits')
      .set({ start_reminder_sent_at: new Date(), end_reminder_sent_at: new Date(), invitation_sent_at: new Date() })
      .where('id', '=', visit.id)
      .execute();
    const scheduledAt = new Date(Date.now() + 26 * 3_600_000).toISOString();
    const response = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}`, {
      lastName: 'Renamed',
      companyName: '',
      hostPersonId: seed.people.alan,
      scheduledAt,
      scheduledDuration: 'PT2H',
    });
    expect(response.statusCode).toBe(200);
    expect(jsonOf<VisitDetail>(response)).toMatchObject({
      lastName: 'Renamed',
      companyName: null,
      host: 'Alan Turing',
      hostPersonId: seed.people.alan,
      scheduledAt,
      scheduledDuration: 'PT2H',
    });
    const row = await visitRow(visit.id);
    expect(row).toMatchObject({ start_reminder_sent_at: null, end_reminder_sent_at: null });
    // The invitation too: the lifecycle job sends it again, as the next version of its calendar event.
    expect(row).toMatchObject({ invitation_sent_at: null, invitation_sequence: 1 });
    expect(row.check_in_form).toMatchObject({ lastName: 'Renamed', host: 'Alan Turing' });
    expect(row.check_in_form).not.toHaveProperty('companyName');
    const audit = (await auditOf(visit.id)).at(-1);
    expect(audit).toMatchObject({
      action: 'MEETING_UPDATED',
      before: { lastName: visit.lastName, host: 'Ada Lovelace', scheduledDuration: 'PT1H' },
      after: { lastName: 'Renamed', host: 'Alan Turing', scheduledDuration: 'PT2H' },
    });
  });

  it('refuses a new time once in, a change once out, a bad host or a time already over', async () => {
    const visit = await invite(call, seed);
    expect(
      errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}`, { hostPersonId: seed.people.gone })),
    ).toEqual([400, 'MEETING_HOST_NOT_EMPLOYEE']);
    const past = new Date(Date.now() - 5 * 3_600_000).toISOString();
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}`, { scheduledAt: past }))).toEqual([
      400,
      'MEETING_IN_THE_PAST',
    ]);
    await t.database.db.updateTable('visits').set({ checked_in_at: new Date() }).where('id', '=', visit.id).execute();
    const later = new Date(Date.now() + 5 * 3_600_000).toISOString();
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}`, { scheduledAt: later }))).toEqual([
      409,
      'MEETING_ALREADY_STARTED',
    ]);
    // In the building, the stay may still be made longer.
    const longer = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}`, { scheduledDuration: 'PT3H' });
    expect(jsonOf<VisitDetail>(longer)).toMatchObject({ scheduledDuration: 'PT3H', status: 'IN' });
    await t.database.db.updateTable('visits').set({ checked_out_at: new Date() }).where('id', '=', visit.id).execute();
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}`, { lastName: 'Late' }))).toEqual([
      409,
      'MEETING_ALREADY_STARTED',
    ]);
    expect((await visitRow(visit.id)).last_name).toBe(visit.lastName);
  });
});

describe('PATCH /meeting/{id}/cancel and DELETE /meeting/{id}', () => {
  it('cancels before arrival (then expired), once; an arrived visit is not cancelled', async () => {
    const visit = await invite(call, seed);
    const cancelled = await call('ROLE_SPACE', 'PATCH', `/meeting/${visit.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(jsonOf<VisitDetail>(cancelled)).toMatchObject({ status: 'CANCELLED' });
    expect(jsonOf<VisitDetail>(cancelled).cancelledAt).not.toBeNull();
    expect(errorOf(await call('ROLE_SPACE', 'PATCH', `/meeting/${visit.id}/cancel`))).toEqual([
      409,
      'MEETING_CANCELLED',
    ]);
    expect((await auditOf(visit.id)).map((entry) => entry.action)).toEqual(['MEETING_CREATED', 'MEETING_CANCELLED']);
    const arrived = await invite(call, seed);
    await t.database.db.updateTable('visits').set({ checked_in_at: new Date() }).where('id', '=', arrived.id).execute();
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${arrived.id}/cancel`))).toEqual([
      409,
      'MEETING_ALREADY_STARTED',
    ]);
    expect((await visitRow(arrived.id)).cancelled_at).toBeNull();
  });

  it('removes a visit for managers only, audited with what it was; then it is not found', async () => {
    const visit = await invite(call, seed);
    expect(errorOf(await call('ROLE_USER', 'DELETE', `/meeting/${visit.id}`))).toEqual([403, 'FORBIDDEN']);
    const removed = await call('ROLE_SUPERVISOR', 'DELETE', `/meeting/${visit.id}`);
    expect(removed.statusCode).toBe(200);
    expect(jsonOf(removed)).toEqual({ ok: true });
    expect(
      await t.database.db.selectFrom('visits').select('id').where('id', '=', visit.id).executeTakeFirst(),
    ).toBeUndefined();
    const audit = (await auditOf(visit.id)).at(-1);
    expect(audit).toMatchObject({ action: 'MEETING_DELETED', before: { lastName: visit.lastName } });
    expect(errorOf(await call('ROLE_SUPERVISOR', 'DELETE', `/meeting/${visit.id}`))).toEqual([404, 'NOT_FOUND']);
  });

  it("never reaches an unassigned building's visit: 404, untouched", async () => {
    const visit = await invite(
      call,
      seed,
      { buildingId: seed.annex, hostPersonId: seed.people.annexHost },
      'ROLE_ADMIN',
    );
    for (const [method, url] of [
      ['PATCH', `/meeting/${visit.id}/cancel`],
      ['DELETE', `/meeting/${visit.id}`],
      ['GET', `/meeting/${visit.id}`],
    ] as const) {
      expect(errorOf(await call('ROLE_SUPERVISOR', method, url))).toEqual([404, 'NOT_FOUND']);
    }
    expect((await visitRow(visit.id)).cancelled_at).toBeNull();
  });
});
