import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { createTestDatabase } from '../../../test/helpers/database.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { publicBase } from '../notifications/links.ts';
import {
  type JobOutcome,
  type LifecycleDeps,
  autoCheckOutDue,
  expireVisits,
  notifyHostsOfCheckIns,
  sendCancellations,
  sendEndReminders,
  sendInvitations,
  sendOverdueAlerts,
  sendStartReminders,
} from './lifecycle.service.ts';
import { at, clearVisitsAndMail, createHost, createVisit, createWorld, minutes } from './lifecycle.test-fixtures.ts';

// Two server instances behind one database (as in server/test/multi-instance.int.test.ts: on a
// PostgreSQL server each has its own connection pool) run every lifecycle job at the same moment:
// each due visit is acted on once, and each e-mail is queued once.
let shared: DatabaseHandle & { url: string | undefined };
let second: DatabaseHandle;
let one: FastifyInstance;
let two: FastifyInstance;
const NOW = new Date('2026-06-15T14:00:00Z');
const HOUR = minutes(60);
const COUNT = 40;

beforeAll(async () => {
  shared = await createTestDatabase();
  second = shared.url ? await openDatabase({ databaseUrl: shared.url, dataDir: 'memory://', poolSize: 3 }) : shared;
  const config = testConfig({ PUBLIC_URL: 'https://visits.example.test' });
  one = await buildApp({ config, database: shared, logger: false });
  two = await buildApp({ config, database: second, logger: false });
  await Promise.all([one.ready(), two.ready()]);
});
afterEach(() => clearVisitsAndMail(shared.db));
afterAll(async () => {
  await one.close();
  await two.close();
  if (second !== shared) await second.close();
  await shared.close();
});

/** Each instance's own database handle, as its timer would use it. */
const depsOf = (app: FastifyInstance): LifecycleDeps => ({ db: app.ctx.db, base: publicBase(app.ctx.config) });

async function outboxCount(): Promise<number> {
  const { count } = await shared.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function distinctRecipients(): Promise<number> {
  const rows = await shared.db.selectFrom('mail_outbox').select('to_address').distinct().execute();
  return rows.length;
}

const sum = (outcomes: JobOutcome[]) => ({
  visits: outcomes.reduce((n, o) => n + o.visits, 0),
  mails: outcomes.reduce((n, o) => n + o.mails, 0),
});

describe('lifecycle jobs on two instances at once', () => {
  it('runs on separate connection pools when a PostgreSQL server is used', () => {
    expect(one.ctx.db !== two.ctx.db).toBe(shared.url !== undefined);
  });

  const notices: [string, (deps: LifecycleDeps, now: Date) => Promise<JobOutcome>, (i: number) => object, number][] = [
    ['invitations', sendInvitations, () => ({ is_invitation: true, scheduled_at: at(NOW, 24 * HOUR) }), 1],
    [
      'cancellations',
      sendCancellations,
      () => ({
        is_invitation: true,
        scheduled_at: at(NOW, 24 * HOUR),
        invitation_sent_at: at(NOW, -HOUR),
        invitation_sent_sequence: 0,
        invitation_sequence: 1,
        cancelled_at: at(NOW, -minutes(1)),
      }),
      2,
    ],
    ['host notices', notifyHostsOfCheckIns, () => ({ checked_in_at: at(NOW, -minutes(2)) }), 1],
    [
      'start reminders',
      sendStartReminders,
      () => ({ scheduled_at: at(NOW, 2 * HOUR), created_at: at(NOW, -48 * HOUR) }),
      2,
    ],
    [
      'end reminders',
      sendEndReminders,
      () => ({ checked_in_at: at(NOW, -minutes(58)), scheduled_duration: 'PT1H' }),
      2,
    ],
    ['overdue alerts', sendOverdueAlerts, () => ({ checked_in_at: at(NOW, -3 * HOUR), scheduled_duration: 'PT1H' }), 1],
  ];

  for (const [name, job, values, mailsPerVisit] of notices) {
    it(`sends the ${name} of ${COUNT} visits once`, async () => {
      const world = await createWorld(shared.db, { settings: { meetingAlertEnabled: true } });
      for (let i = 0; i < COUNT; i++) {
        const hostId = await createHost(shared.db, world, { email: `host${i}@example.test` });
        await createVisit(shared.db, world, { host_person_id: hostId, ...values(i) });
      }
      const outcomes = await Promise.all([
        job(depsOf(one), NOW),
        job(depsOf(two), NOW),
        job(depsOf(one), NOW),
        job(depsOf(two), NOW),
      ]);
      expect(sum(outcomes)).toEqual({ visits: COUNT, mails: COUNT * mailsPerVisit });
      expect(await outboxCount()).toBe(COUNT * mailsPerVisit);
      expect(await distinctRecipients()).toBe(COUNT * mailsPerVisit);
      expect(sum(await Promise.all([job(depsOf(one), NOW), job(depsOf(two), NOW)]))).toEqual({ visits: 0, mails: 0 });
    });
  }

  it(`checks out ${COUNT} visits once, each at its own moment`, async () => {
    const world = await createWorld(shared.db, {
      settings: { autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT1H' },
    });
    for (let i = 0; i < COUNT; i++) {
      await createVisit(shared.db, world, {
        checked_in_at: at(NOW, -3 * HOUR - minutes(i)),
        scheduled_duration: 'PT1H',
      });
    }
    const done = (
      await Promise.all([
        autoCheckOutDue(depsOf(one), NOW),
        autoCheckOutDue(depsOf(two), NOW),
        autoCheckOutDue(depsOf(one), NOW),
      ])
    ).flat();
    expect(done).toHaveLength(COUNT);
    expect(new Set(done.map((visit) => visit.id)).size).toBe(COUNT);
    const rows = await shared.db
      .selectFrom('visits')
      .select(['checked_in_at', 'checked_out_at', 'checkout_method'])
      .where('building_id', '=', world.buildingId)
      .execute();
    for (const row of rows) {
      expect(row.checkout_method).toBe('AUTO_TIMEOUT');
      expect(new Date(row.checked_out_at!).getTime() - new Date(row.checked_in_at!).getTime()).toBe(2 * HOUR);
    }
  });

  it(`marks ${COUNT} visits expired once`, async () => {
    const world = await createWorld(shared.db);
    for (let i = 0; i < COUNT; i++) {
      await createVisit(shared.db, world, {
        scheduled_at: at(NOW, -3 * HOUR - minutes(i)),
        scheduled_duration: 'PT1H',
      });
    }
    const counts = await Promise.all([expireVisits(depsOf(one), NOW), expireVisits(depsOf(two), NOW)]);
    expect(counts.reduce((n, c) => n + c.scheduled, 0)).toBe(COUNT);
  });
});
