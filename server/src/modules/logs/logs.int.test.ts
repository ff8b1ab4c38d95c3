// The Logs screen's operations calls (both databases): the history of one object (its audit rows,
// e-mails with their delivery state, kiosk entries and the jobs' marks, oldest first; another
// company's object is not found), the jobs' runs as the jobs plugin records them, the e-mail
// delivery log's filters and file, the kiosks' sync figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type History, type JobRun, type KioskSyncRow, type VisitDetail, uuidv7 } from '@vestibule/shared';
import { createBuilding, createUser } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, enrolledKiosk, jsonOf } from '../../../test/helpers/test-app.ts';
import type { Job } from '../../jobs/job.ts';
import { backgroundJobs, runRecorded } from '../../jobs/index.ts';
import { sendCancellations, sendInvitations } from '../lifecycle/lifecycle.service.ts';
import { processDueMail } from '../mail/mail.repo.ts';
import { type Seed, caller, invitation, seedVisits } from '../visits/visits.test-fixtures.ts';
import { pruneJobRuns } from './jobRuns.repo.ts';

let t: TestApp;
let seed: Seed;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedVisits(t);
  call = caller(t, seed);
});
afterAll(() => t.close());

const get = (url: string) => call('ROLE_ADMIN', 'GET', url);

/** An invitation of HQ, e-mailed, cancelled, its cancellation e-mailed, and named by a kiosk's entry. */
async function visitWithHistory(): Promise<{ visit: VisitDetail; deviceId: string }> {
  const created = await call('ROLE_ADMIN', 'POST', '/meeting', invitation(seed));
  expect(created.statusCode).toBe(201);
  const visit = jsonOf<VisitDetail>(created);
  const deps = { db: t.database.db, base: 'https://visits.example.test' };
  expect((await sendInvitations(deps, new Date())).mails).toBeGreaterThanOrEqual(1);
  // The SMTP server refuses the invitation once: it stays queued with the server's answer.
  await processDueMail(t.database.db, 100, 5, () => Promise.reject(new Error('550 mailbox unavailable')));
  expect((await call('ROLE_ADMIN', 'PATCH', `/meeting/${visit.id}/cancel`)).statusCode).toBe(200);
  expect((await sendCancellations(deps, new Date())).mails).toBeGreaterThanOrEqual(1);
  // A kiosk's entry naming the visit, refused (as a push records one).
  const deviceId = uuidv7();
  await t.database.db
    .insertInto('applied_mutations')
    .values({
      mutation_id: uuidv7(),
      device_id: deviceId,
      tenant_id: seed.tenantA,
      building_id: seed.hq,
      seq: 1,
      type: 'checkOut',
      occurred_at: new Date(),
      outcome: 'rejected',
      error_code: 'CHECKOUT_VISIT_NOT_FOUND',
      payload: JSON.stringify({ visitId: visit.id }),
      visit_id: visit.id,
    })
    .execute();
  return { visit, deviceId };
}

describe('GET /logs/:type/:id: the history of one object', () => {
  it("lists a visit's audit rows, e-mails with their delivery state, kiosk entries and jobs' marks, oldest first", async () => {
    const { visit } = await visitWithHistory();
    const response = await get(`/logs/visit/${visit.id}`);
    expect(response.statusCode).toBe(200);
    const history = jsonOf<History>(response);
    expect(history).toMatchObject({ type: 'visit', id: visit.id, truncated: false });
    const times = history.items.map((item) => item.at);
    expect(times).toEqual([...times].sort());

    const audit = history.items.flatMap((item) => (item.kind === 'audit' ? [item.audit.action] : []));
    expect(audit).toEqual(['MEETING_CREATED', 'MEETING_CANCELLED']);
    const mails = history.items.flatMap((item) => (item.kind === 'mail' ? [item.mail] : []));
    // The invitation (refused once by the SMTP server), then the cancellation to the visitor and the host.
    expect(mails.map((mail) => [mail.status, mail.attempts, mail.lastError])).toEqual([
      ['PENDING', 1, '550 mailbox unavailable'],
      ['PENDING', 0, null],
      ['PENDING', 0, null],
    ]);
    expect(mails.map((mail) => mail.to)[0]).toBe(visit.email);
    const jobs = history.items.flatMap((item) => (item.kind === 'job' ? [item.job] : []));
    expect(jobs).toEqual(['invitationSent', 'cancellationSent']);
    const sync = history.items.flatMap((item) => (item.kind === 'sync' ? [item.sync] : []));
    expect(sync).toEqual([
      expect.objectContaining({ type: 'checkOut', outcome: 'rejected', errorCode: 'CHECKOUT_VISIT_NOT_FOUND' }),
    ]);
    // Nothing secret: no visit PIN, no message body with its links.
    const text = response.body;
    expect(text).not.toContain('"pin"');
    expect(text).not.toContain('https://visits.example.test');
  });

  it("answers 404 for another company's object of every kind, and for none at all", async () => {
    const db = t.database.db;
    const otherVisit = uuidv7();
    await db
      .insertInto('visits')
      .values({
        id: otherVisit,
        tenant_id: seed.tenantB,
        building_id: seed.other,
        identifier: 'OTHERVIS',
        public_identifier: uuidv7(),
        pin: '1234',
        visitor_type: 'VISITOR',
        last_name: 'Elsewhere',
        source: 'STAFF',
      })
      .execute();
    const otherUser = await createUser(db, { tenantId: seed.tenantB, role: 'ROLE_MASTER' });
    const kiosk = await enrolledKiosk(t.app, seed.other);
    const objects: [string, string][] = [
      ['visit', otherVisit],
      ['user', otherUser.id],
      ['building', seed.other],
      ['kiosk', kiosk.deviceId],
      ['person', uuidv7()],
      ['visit', uuidv7()],
    ];
    for (const [type, id] of objects) {
      const response = await get(`/logs/${type}/${id}`);
      expect({ type, status: response.statusCode, code: jsonOf(response).errorCode }).toEqual({
        type,
        status: 404,
        code: 'NOT_FOUND',
      });
      expect(response.body).not.toContain(id);
    }
    // The same kinds of the caller's own company are found.
    const ownKiosk = await enrolledKiosk(t.app, seed.hq);
    for (const [type, id] of [
      ['building', seed.hq],
      ['user', seed.users.ROLE_MASTER.id],
      ['person', seed.people.ada],
      ['kiosk', ownKiosk.deviceId],
    ] as const) {
      const response = await get(`/logs/${type}/${id}`);
      expect({ type, status: response.statusCode }).toEqual({ type, status: 200 });
    }
    const kioskHistory = jsonOf<History>(await get(`/logs/kiosk/${ownKiosk.deviceId}`));
    expect(kioskHistory.items.flatMap((item) => (item.kind === 'audit' ? [item.audit.action] : []))).toContain(
      'KIOSK_ENROLLED',
    );
  });

  it('refuses a kind it does not know and a malformed id', async () => {
    expect((await get(`/logs/camera/${uuidv7()}`)).statusCode).toBe(400);
    expect((await get('/logs/visit/not-an-id')).statusCode).toBe(400);
  });
});

describe('job runs', () => {
  it('records each run with its job, times, rows and instance, and a failed run with its error', async () => {
    const db = t.database.db;
    await db.deleteFrom('job_runs').execute();
    const visitsJob = backgroundJobs({ db, config: t.app.ctx.config }).find(
      (job) => job.name === 'host notices and invitations',
    );
    expect(visitsJob).toBeDefined();
    await call('ROLE_ADMIN', 'POST', '/meeting', invitation(seed));
    await runRecorded(db, visitsJob as Job, 'test-instance');
    const failing: Job = {
      name: 'always failing',
      everyMs: 1000,
      run: () => Promise.reject(new Error('the database went away')),
    };
    await expect(runRecorded(db, failing, 'test-instance')).rejects.toThrow('the database went away');

    const page = jsonOf<{ docs: JobRun[]; totalDocs: number }>(await get('/jobRuns'));
    expect(page.totalDocs).toBe(2);
    expect(page.docs.map((run) => [run.job, run.error, run.instance])).toEqual([
      ['always failing', 'the database went away', 'test-instance'],
      ['host notices and invitations', null, 'test-instance'],
    ]);
    const ok = page.docs[1] as JobRun;
    expect(ok.rowsAffected).toBeGreaterThanOrEqual(1);
    expect(ok.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(ok.finishedAt)).toBeGreaterThanOrEqual(Date.parse(ok.startedAt));

    const failures = jsonOf<{ docs: JobRun[] }>(await get('/jobRuns?failed=true'));
    expect(failures.docs.map((run) => run.job)).toEqual(['always failing']);
    const byName = jsonOf<{ docs: JobRun[] }>(await get('/jobRuns?job=invitations'));
    expect(byName.docs.map((run) => run.job)).toEqual(['host notices and invitations']);
    const future = jsonOf<{ docs: JobRun[] }>(await get('/jobRuns?from=2999-01-01'));
    expect(future.docs).toEqual([]);

    const csv = await get('/jobRuns/jobRuns.csv?failed=true');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('the database went away');
  });

  it('records a run that acted on nothing once an hour per job and instance, every run that did something', async () => {
    const db = t.database.db;
    await db.deleteFrom('job_runs').execute();
    let rows = 0;
    const job: Job = { name: 'idle mostly', everyMs: 1000, run: () => Promise.resolve({ mails: 0, rows }) };
    await runRecorded(db, job, 'idle-instance');
    await runRecorded(db, job, 'idle-instance');
    await runRecorded(db, job, 'other-instance');
    rows = 3;
    await runRecorded(db, job, 'idle-instance');
    const runs = await db
      .selectFrom('job_runs')
      .select(['instance', 'rows_affected'])
      .where('job', '=', 'idle mostly')
      .execute();
    expect(runs.map((run) => `${run.instance} ${Number(run.rows_affected)}`).sort()).toEqual([
      'idle-instance 0',
      'idle-instance 3',
      'other-instance 0',
    ]);
  });

  it('keeps 30 days of runs', async () => {
    const db = t.database.db;
    const old = new Date(Date.now() - 31 * 86_400_000);
    await db
      .insertInto('job_runs')
      .values({
        id: uuidv7(),
        job: 'ancient',
        started_at: old,
        finished_at: old,
        duration_ms: 1,
        rows_affected: 0,
        error: null,
        instance: 'gone',
      })
      .execute();
    expect(await pruneJobRuns(db, new Date())).toBe(1);
    const left = await db.selectFrom('job_runs').select('job').where('job', '=', 'ancient').execute();
    expect(left).toEqual([]);
  });
});

describe('the e-mail delivery log', () => {
  it('filters by state, recipient and period, and gives the same as mailbox.csv', async () => {
    await visitWithHistory();
    type Mailbox = {
      docs: { to: string; status: string; attempts: number; lastError: string | null }[];
      totalDocs: number;
    };
    const all = jsonOf<Mailbox>(await get('/mailbox?limit=200'));
    expect(all.totalDocs).toBeGreaterThanOrEqual(2);
    const retried = all.docs.filter((mail) => mail.lastError === '550 mailbox unavailable');
    expect(retried.length).toBeGreaterThanOrEqual(1);
    const recipient = (retried[0] as { to: string }).to;
    const byRecipient = jsonOf<Mailbox>(await get(`/mailbox?recipient=${encodeURIComponent(recipient)}`));
    expect(new Set(byRecipient.docs.map((mail) => mail.to))).toEqual(new Set([recipient]));
    const sent = jsonOf<Mailbox>(await get('/mailbox?status=SENT'));
    expect(sent.docs).toEqual([]);
    expect(jsonOf<Mailbox>(await get('/mailbox?to=2000-01-01')).totalDocs).toBe(0);
    expect((await get('/mailbox?status=LOST')).statusCode).toBe(400);

    const csv = await get(`/mailbox/mailbox.csv?recipient=${encodeURIComponent(recipient)}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('Subject');
    expect(lines[0]).toContain('Channel,Provider’s answer');
    expect(lines).toHaveLength(byRecipient.docs.length + 1);
    expect(csv.body).toContain('550 mailbox unavailable');
  });
});

describe('GET /kioskSync: the kiosks of the company over a period', () => {
  it('counts pushes, applied, rejected by code and held entries per kiosk, filtered by building and device', async () => {
    const db = t.database.db;
    const building = await createBuilding(db, seed.tenantA, 'Sync House');
    const kiosk = await enrolledKiosk(t.app, building);
    const entry = (outcome: 'applied' | 'rejected' | 'held', receivedAt: Date, seq: number, code: string | null) => ({
      mutation_id: uuidv7(),
      device_id: kiosk.deviceId,
      tenant_id: seed.tenantA,
      building_id: building,
      seq,
      type: 'checkIn' as const,
      occurred_at: receivedAt,
      received_at: receivedAt,
      outcome,
      error_code: code,
      payload: '{}',
    });
    const first = new Date('2026-11-20T10:00:00Z');
    const second = new Date('2026-11-21T10:00:00Z');
    await db
      .insertInto('applied_mutations')
      .values([
        entry('applied', first, 1, null),
        entry('rejected', first, 2, 'VALIDATION_FAILED'),
        entry('rejected', second, 3, 'VALIDATION_FAILED'),
        entry('rejected', second, 4, 'CHECKOUT_VISIT_NOT_FOUND'),
        entry('held', second, 5, null),
      ])
      .execute();

    const report = jsonOf<{ docs: KioskSyncRow[] }>(await get(`/kioskSync?buildingId=${building}`));
    expect(report.docs).toEqual([
      expect.objectContaining({
        deviceId: kiosk.deviceId,
        buildingName: 'Sync House',
        pushes: 2,
        applied: 1,
        rejected: 3,
        held: 1,
        rejectedCodes: [
          { code: 'CHECKOUT_VISIT_NOT_FOUND', count: 1 },
          { code: 'VALIDATION_FAILED', count: 2 },
        ],
      }),
    ]);
    const oneDay = jsonOf<{ docs: KioskSyncRow[] }>(
      await get(`/kioskSync?deviceId=${kiosk.deviceId}&from=2026-11-20&to=2026-11-20`),
    );
    expect(oneDay.docs.map((row) => [row.pushes, row.applied, row.rejected, row.held])).toEqual([[1, 1, 1, 0]]);
    // Another company's building lists nothing.
    expect(jsonOf<{ docs: KioskSyncRow[] }>(await get(`/kioskSync?buildingId=${seed.other}`)).docs).toEqual([]);

    const csv = await get(`/kioskSync/kioskSync.csv?buildingId=${building}`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('VALIDATION_FAILED×2');
  });

  it('is for administrators only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/service/kioskSync',
      headers: bearer(seed.tokens.ROLE_MASTER),
    });
    expect(response.statusCode).toBe(403);
  });
});
