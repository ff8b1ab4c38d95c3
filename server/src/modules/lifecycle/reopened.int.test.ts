import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInResponse, VisitDetail } from '@vestibule/shared';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';
import { autoCheckOutDue, sendOverdueAlerts } from './lifecycle.service.ts';
import { type Seed, caller, health, invite, seedVisits, setSettings } from '../visits/visits.test-fixtures.ts';

// Check in back after an automatic check-out (both databases): the visit is in again
// from the moment staff re-open it, so the job that checked it out, run again, leaves it in until
// the building's rule comes round again from that moment.

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

const visitRow = (id: string) =>
  t.database.db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const deps = () => ({ db: t.database.db, base: 'https://visits.example.test' });

/** A visitor checked in at HQ by staff, their check-in then moved `hoursAgo` into the past. */
async function inSince(hoursAgo: number, overrides: Record<string, unknown> = {}): Promise<VisitDetail> {
  const visit = await invite(call, seed, overrides);
  const response = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-in`, {
    questionnairesAnswers: health(seed),
  });
  expect(jsonOf<CheckInResponse>(response)).toMatchObject({ allowed: true });
  await t.database.db
    .updateTable('visits')
    .set({ checked_in_at: new Date(Date.now() - hoursAgo * HOUR) })
    .where('id', '=', visit.id)
    .execute();
  return visit;
}

async function checkInBack(id: string) {
  const response = await call('ROLE_USER', 'PATCH', `/meeting/${id}/check-in-back`);
  expect(response.statusCode).toBe(200);
  expect(jsonOf<VisitDetail>(response)).toMatchObject({ status: 'LATE', checkedOutAt: null, checkoutMethod: null });
  const row = await visitRow(id);
  expect(row.reopened_at).not.toBeNull();
  return new Date(row.reopened_at!);
}

/** Runs the automatic check-out at `now`; answers whether it checked out `id` and when. */
async function autoCheckOut(id: string, now: Date): Promise<string | null> {
  const done = await autoCheckOutDue(deps(), now);
  const visit = done.find((row) => row.id === id);
  return visit ? new Date(visit.checked_out_at).toISOString() : null;
}

describe('check in back after an automatic check-out', () => {
  it('TIMEOUT: stays in when the job runs again, until the timeout after the re-opening', async () => {
    await setSettings(t, seed.hq, { autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT1H' });
    const visit = await inSince(4, { scheduledDuration: 'PT1H' });
    expect(await autoCheckOut(visit.id, new Date())).not.toBeNull();
    expect((await visitRow(visit.id)).checkout_method).toBe('AUTO_TIMEOUT');

    const reopenedAt = await checkInBack(visit.id);
    // The job's next runs: a minute later, and just short of the timeout after the re-opening.
    expect(await autoCheckOut(visit.id, new Date(Date.now() + 60_000))).toBeNull();
    expect(await autoCheckOut(visit.id, new Date(reopenedAt.getTime() + HOUR - 60_000))).toBeNull();
    expect((await visitRow(visit.id)).checked_out_at).toBeNull();
    // The timeout after the re-opening: out again, dated then (+1 ms: PostgreSQL keeps the
    // re-opening's microseconds, which a JavaScript date drops).
    expect(await autoCheckOut(visit.id, new Date(reopenedAt.getTime() + HOUR + 1))).toBe(
      new Date(reopenedAt.getTime() + HOUR).toISOString(),
    );
  });

  it("SPECIFIC_TIME: stays in until the building's clock shows the time again after the re-opening", async () => {
    // The building's clock (UTC) showed the time an hour ago, after a check-in 26 hours ago.
    const hourAgo = new Date(Date.now() - HOUR);
    const time = hourAgo.toISOString().slice(11, 16);
    await setSettings(t, seed.hq, {
      timeZoneId: 'UTC',
      autoCheckoutMode: 'SPECIFIC_TIME',
      autoCheckOutTimeout: null,
      autoCheckoutSpecificTime: time,
    });
    const visit = await inSince(26, { scheduledDuration: 'PT1H' });
    expect(await autoCheckOut(visit.id, new Date())).not.toBeNull();
    expect((await visitRow(visit.id)).checkout_method).toBe('AUTO_SPECIFIC_TIME');

    const reopenedAt = await checkInBack(visit.id);
    expect(await autoCheckOut(visit.id, new Date(Date.now() + 60_000))).toBeNull();
    expect((await visitRow(visit.id)).checked_out_at).toBeNull();
    // The same time tomorrow (the first after the re-opening): out again.
    const tomorrow = new Date(`${new Date(hourAgo.getTime() + 24 * HOUR).toISOString().slice(0, 10)}T${time}:00Z`);
    expect(tomorrow.getTime()).toBeGreaterThan(reopenedAt.getTime());
    expect(await autoCheckOut(visit.id, new Date(tomorrow.getTime() - 60_000))).toBeNull();
    expect(await autoCheckOut(visit.id, tomorrow)).toBe(tomorrow.toISOString());
  });

  it('the overdue alert is not sent on the re-opening, but the alert time after it', async () => {
    await setSettings(t, seed.hq, {
      autoCheckoutMode: 'TIMEOUT',
      autoCheckOutTimeout: 'PT1H',
      meetingAlertEnabled: true,
      overdueAlertTime: 'PT15M',
    });
    const visit = await inSince(4, { scheduledDuration: 'PT1H' });
    // Checked out by the job before any alert was sent (the job runs first).
    expect(await autoCheckOut(visit.id, new Date())).not.toBeNull();
    const reopenedAt = await checkInBack(visit.id);
    const alerted = async (now: Date) => (await sendOverdueAlerts(deps(), now)).visits;
    expect(await alerted(new Date(Date.now() + 60_000))).toBe(0);
    expect(await alerted(new Date(reopenedAt.getTime() + 15 * 60_000 - 1_000))).toBe(0);
    expect(await alerted(new Date(reopenedAt.getTime() + 15 * 60_000 + 1))).toBe(1);
    expect((await visitRow(visit.id)).overdue_alert_sent_at).not.toBeNull();
  });
});
