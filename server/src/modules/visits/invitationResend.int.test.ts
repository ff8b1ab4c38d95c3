import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitDetail } from '@vestibule/shared';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';
import { sendInvitations } from '../lifecycle/lifecycle.service.ts';
import { type Seed, caller, errorOf, invite, seedVisits } from './visits.test-fixtures.ts';

// Sending an invitation again from a visit's detail (both databases): the invitation job sends it
// once more, as the same invitation (not a "changed" one), and the audit log says who asked;
// a visit without an address, begun, cancelled or over has nothing to send, and nothing changes.

let t: TestApp;
let seed: Seed;
let call: ReturnType<typeof caller>;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedVisits(t);
  call = caller(t, seed);
});
afterAll(() => t.close());

const deps = () => ({ db: t.database.db, base: 'https://visits.example.test' });
const mailsTo = (address: string) =>
  t.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', address)
    .orderBy('created_at')
    .execute();
const resend = (id: string, role: Parameters<typeof call>[0] = 'ROLE_USER') =>
  call(role, 'POST', `/meeting/${id}/resendInvitation`);

describe('POST /meeting/{id}/resendInvitation', () => {
  it('sends the same invitation once more, through the invitation job, audited', async () => {
    const email = 'again@resend.test';
    const visit = await invite(call, seed, { email, scheduledAt: new Date(Date.now() + 26 * HOUR).toISOString() });
    await sendInvitations(deps(), new Date());
    expect(await mailsTo(email)).toHaveLength(1);
    // Nothing more is sent until staff ask.
    await sendInvitations(deps(), new Date());
    expect(await mailsTo(email)).toHaveLength(1);

    const response = await resend(visit.id, 'ROLE_SPACE');
    expect(response.statusCode).toBe(200);
    expect(jsonOf<VisitDetail>(response).id).toBe(visit.id);
    await sendInvitations(deps(), new Date());
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    expect(mails[1]!.subject).not.toMatch(/^Changed/);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', visit.id)
      .where('action', '=', 'MEETING_INVITATION_RESENT')
      .execute();
    expect(audited).toEqual([{ action: 'MEETING_INVITATION_RESENT', actor_id: seed.users.ROLE_SPACE.id }]);
  });

  it('refuses a visit with nothing to send, begun, cancelled or over, and changes nothing', async () => {
    const noAddress = await invite(call, seed, { email: null });
    expect(errorOf(await resend(noAddress.id))).toEqual([409, 'INVITATION_NOT_SENDABLE']);

    const cancelled = await invite(call, seed, { email: 'cancelled@resend.test' });
    expect((await call('ROLE_USER', 'PATCH', `/meeting/${cancelled.id}/cancel`)).statusCode).toBe(200);
    expect(errorOf(await resend(cancelled.id))).toEqual([409, 'MEETING_CANCELLED']);

    const arrived = await invite(call, seed, { email: 'arrived@resend.test' });
    await t.database.db.updateTable('visits').set({ checked_in_at: new Date() }).where('id', '=', arrived.id).execute();
    expect(errorOf(await resend(arrived.id))).toEqual([409, 'MEETING_ALREADY_STARTED']);

    const over = await invite(call, seed, { email: 'over@resend.test' });
    await t.database.db
      .updateTable('visits')
      .set({ scheduled_at: new Date(Date.now() - 5 * HOUR), scheduled_duration: 'PT1H' })
      .where('id', '=', over.id)
      .execute();
    expect(errorOf(await resend(over.id))).toEqual([400, 'MEETING_IN_THE_PAST']);

    // Another company's visit is unknown.
    expect(errorOf(await call('ROLE_USER', 'POST', `/meeting/${seed.people.otherHost}/resendInvitation`))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'MEETING_INVITATION_RESENT')
      .where('entity_id', 'in', [noAddress.id, cancelled.id, arrived.id, over.id])
      .execute();
    expect(rows).toEqual([]);
  });
});
