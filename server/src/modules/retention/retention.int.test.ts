// Retention (docs/privacy.md, "Retention"): a company's visits past their period are anonymised
// by the job in bounded batches, leaving nothing that names the visitor in any table and keeping
// what reports count; photos, signatures and health data go each after a period of its own; the
// periods are the company's (a building may keep its own), and each run and change is audited.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RetentionDue,
  type RetentionOverrides,
  type RetentionPeriods,
  type RetentionSettings,
  uuidv7,
} from '@vestibule/shared';
import {
  createBuilding,
  createBuildingDocument,
  createSignature,
  createTenant,
  createUser,
  createVisit,
  qrCodeKeyOf,
} from '../../../test/helpers/factories.ts';
import {
  type TestApp,
  bearer,
  createTestApp,
  enrolledKiosk,
  jsonOf,
  logInAs,
  pushAsKiosk,
} from '../../../test/helpers/test-app.ts';
import { tablesHolding } from '../../../test/helpers/personalData.ts';
import { applyRetention } from './retention.service.ts';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

type Answer<T> = { status: number; body: T & { errorCode?: string } };

/** A corporate user of the company: they set its retention periods. */
async function masterOf(tenantId: string): Promise<string> {
  return logInAs(t.app, (await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' })).username);
}

async function call<T>(token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `/service/privacy/${url}`, payload, headers: bearer(token) });
  return { status: response.statusCode, body: jsonOf<T & { errorCode?: string }>(response) } satisfies Answer<T>;
}

const companyDefaults: RetentionPeriods = { visits: 400, photos: 30, signatures: 30, health: 14 };
const none: RetentionOverrides = { visits: null, photos: null, signatures: null, health: null };

/** A check-in made on an enrolled kiosk (its entry, audit row and visit), then dated `days` back. */
async function kioskVisitAged(buildingId: string, lastName: string, email: string, now: Date, days: number) {
  const kiosk = await enrolledKiosk(t.app, buildingId);
  const visitId = uuidv7();
  const qrCodeKey = await qrCodeKeyOf(t.database.db, buildingId);
  const checkInForm = { firstName: 'Erin', lastName, email, host: 'Hugh Host' };
  const pushed = await pushAsKiosk(t.app, kiosk, qrCodeKey, [
    { type: 'checkIn', visitId, payload: { qrCodeKey, visitorType: 'VISITOR', checkInForm } },
  ]);
  expect(pushed.results.map((result) => result.status)).toEqual(['applied']);
  const at = daysAgo(now, days);
  await t.database.db
    .updateTable('visits')
    .set({ checked_in_at: at, created_at: at, checked_out_at: new Date(at.getTime() + 3_600_000) })
    .where('id', '=', visitId)
    .execute();
  return visitId;
}

describe('visit retention', () => {
  it("is the company's own setting, each kind with its period, and a building may keep its own", async () => {
    const db = t.database.db;
    const tenantId = await createTenant(db);
    const lobby = await createBuilding(db, tenantId, 'Lobby');
    const annex = await createBuilding(db, tenantId, 'Annex');
    const elsewhere = await createBuilding(db, await createTenant(db), 'Elsewhere');
    const master = await masterOf(tenantId);

    const read = await call<RetentionSettings>(master, 'GET', 'retention');
    expect(read.status).toBe(200);
    expect(read.body.company).toEqual(companyDefaults);
    expect(read.body.buildings).toEqual([]);
    const nothingDue = { count: 0, capped: false };
    expect(read.body.due).toEqual({
      visits: nothingDue,
      photos: nothingDue,
      signatures: nothingDue,
      health: nothingDue,
    });

    const wanted = {
      company: { visits: 90, photos: 7, signatures: 60, health: 1 },
      buildings: [{ id: annex, overrides: { ...none, photos: 2 } }],
    };
    const saved = await call<RetentionSettings>(master, 'PUT', 'retention', wanted);
    expect(saved.status).toBe(200);
    expect(saved.body.company).toEqual(wanted.company);
    expect(saved.body.buildings).toEqual([{ id: annex, name: 'Annex', overrides: { ...none, photos: 2 } }]);

    // Out of range, not whole, another company's building, an unknown one: refused, nothing changed.
    const refusals: [object, number, string][] = [
      [{ ...wanted, company: { ...wanted.company, visits: 29 } }, 400, 'VALIDATION_FAILED'],
      [{ ...wanted, company: { ...wanted.company, visits: 3651 } }, 400, 'VALIDATION_FAILED'],
      [{ ...wanted, company: { ...wanted.company, photos: 0 } }, 400, 'VALIDATION_FAILED'],
      [{ ...wanted, company: { ...wanted.company, health: 1.5 } }, 400, 'VALIDATION_FAILED'],
      [{ ...wanted, buildings: [{ id: lobby, overrides: { ...none, visits: 10 } }] }, 400, 'VALIDATION_FAILED'],
      [{ ...wanted, buildings: [{ id: elsewhere, overrides: { ...none, photos: 1 } }] }, 404, 'NOT_FOUND'],
      [{ ...wanted, buildings: [{ id: uuidv7(), overrides: { ...none, photos: 1 } }] }, 404, 'NOT_FOUND'],
    ];
    for (const [payload, status, errorCode] of refusals) {
      const answer = await call<RetentionSettings>(master, 'PUT', 'retention', payload);
      expect([answer.status, answer.body.errorCode]).toEqual([status, errorCode]);
      const preview = await call<RetentionDue>(master, 'POST', 'retention/preview', payload);
      expect([preview.status, preview.body.errorCode]).toEqual([status, errorCode]);
    }
    const after = await call<RetentionSettings>(master, 'GET', 'retention');
    expect([after.body.company, after.body.buildings]).toEqual([saved.body.company, saved.body.buildings]);
    const other = await db
      .selectFrom('buildings')
      .select('photo_retention_days')
      .where('id', '=', elsewhere)
      .executeTakeFirstOrThrow();
    expect(other.photo_retention_days).toBeNull();

    // A building left out goes back to the company's periods; the change is audited with both.
    const back = await call<RetentionSettings>(master, 'PUT', 'retention', { ...wanted, buildings: [] });
    expect(back.body.buildings).toEqual([]);
    const changes = await db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'RETENTION_CHANGED')
      .where('tenant_id', '=', tenantId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(changes.map((row) => row.after)).toEqual([
      { company: wanted.company, buildings: wanted.buildings },
      { company: wanted.company, buildings: [] },
    ]);
    expect(changes[0]!.before).toEqual({ company: companyDefaults, buildings: [] });

    // Supervisors keep buildings, not the company's privacy choices.
    const supervisor = await logInAs(t.app, (await createUser(db, { tenantId, role: 'ROLE_SUPERVISOR' })).username);
    expect((await call<RetentionSettings>(supervisor, 'GET', 'retention')).status).toBe(403);
  });

  it("erases photos, signatures and health data each past its own period, the building's own where it has one", async () => {
    const now = new Date();
    const db = t.database.db;
    const tenantId = await createTenant(db);
    const hall = await createBuilding(db, tenantId, 'Hall');
    const lab = await createBuilding(db, tenantId, 'Lab');
    const master = await masterOf(tenantId);
    // The company keeps the defaults; the lab keeps visits 45 days, photos 5, signatures 60.
    const plan = {
      company: companyDefaults,
      buildings: [{ id: lab, overrides: { visits: 45, photos: 5, signatures: 60, health: null } }],
    };
    expect((await call<RetentionSettings>(master, 'PUT', 'retention', plan)).status).toBe(200);

    const marker = `Kept${uuidv7().slice(-8)}`;
    const answers = JSON.stringify([{ questionnaireId: uuidv7(), answers: [{ question: 'Fever?', answer: 'No' }] }]);
    const visit = (buildingId: string, lastName: string, days: number) =>
      createVisit(db, tenantId, buildingId, {
        first_name: 'Vera',
        last_name: lastName,
        checked_in_at: daysAgo(now, days),
        created_at: daysAgo(now, days),
        questionnaires_answers: answers,
        temp_measure1: 36.6,
      });
    const nda = await createBuildingDocument(db, tenantId, hall);
    const labNda = await createBuildingDocument(db, tenantId, lab);
    const extras = async (visitId: string, buildingId: string, document: typeof nda, days: number) => {
      await db
        .insertInto('visit_photos')
        .values({
          visit_id: visitId,
          tenant_id: tenantId,
          content: Buffer.from(marker),
          byte_size: marker.length,
          created_at: daysAgo(now, days),
        })
        .execute();
      await createSignature(db, {
        tenantId,
        buildingId,
        visitId,
        document,
        signedAt: daysAgo(now, days),
        typedName: `Vera ${marker}`,
        signerKey: `${marker.toLowerCase()}@example.test`,
      });
    };
    // Hall, 20 days: only its health data is due (14); photo and signature are kept (30).
    const hall20 = await visit(hall, `${marker}h20`, 20);
    await extras(hall20, hall, nda, 20);
    // Hall, 40 days, made on a kiosk: photo, signature and health data due, the visit kept.
    const hall40 = await kioskVisitAged(hall, `${marker}h40`, `${marker.toLowerCase()}@example.test`, now, 40);
    await db
      .updateTable('visits')
      .set({ questionnaires_answers: answers, exit_temp_measure1: 37.1 })
      .where('id', '=', hall40)
      .execute();
    await extras(hall40, hall, nda, 40);
    await db
      .updateTable('applied_mutations')
      .set({
        payload: sql`payload || ${JSON.stringify({ photo: marker, signatures: [marker], questionnairesAnswers: [marker], tempMeasure1: 36.6 })}::jsonb`,
      })
      .where('visit_id', '=', hall40)
      .execute();
    // Lab, 10 days: its photo is due (5), its signature not (60), its health data not (14).
    const lab10 = await visit(lab, `${marker}l10`, 10);
    await extras(lab10, lab, labNda, 10);
    // Lab, 50 days, no health data: anonymised (45).
    const lab50 = await createVisit(db, tenantId, lab, {
      last_name: `${marker}l50`,
      checked_in_at: daysAgo(now, 50),
      created_at: daysAgo(now, 50),
    });

    const counted = (count: number) => ({ count, capped: false });
    const preview = await call<RetentionSettings>(master, 'GET', 'retention');
    expect(preview.body.due).toEqual({
      visits: counted(1),
      photos: counted(2),
      signatures: counted(1),
      health: counted(2),
    });
    // The preview of a change counts under it without saving it: the company's photos at 10 days.
    const shorter = { ...plan, company: { ...companyDefaults, photos: 10 } };
    const previewed = await call<RetentionDue>(master, 'POST', 'retention/preview', shorter);
    expect(previewed.body.photos).toEqual(counted(3));
    expect((await call<RetentionSettings>(master, 'GET', 'retention')).body.company.photos).toBe(30);

    await applyRetention(db, now);

    const rows = await db
      .selectFrom('visits')
      .select(['id', 'last_name', 'anonymised_at', 'questionnaires_answers', 'temp_measure1', 'exit_temp_measure1'])
      .where('id', 'in', [hall20, hall40, lab10, lab50])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const state = (id: string) => {
      const row = byId.get(id)!;
      return {
        named: row.last_name !== null,
        anonymised: row.anonymised_at !== null,
        health: row.questionnaires_answers.length > 0 || row.temp_measure1 !== null || row.exit_temp_measure1 !== null,
      };
    };
    expect(state(hall20)).toEqual({ named: true, anonymised: false, health: false });
    expect(state(hall40)).toEqual({ named: true, anonymised: false, health: false });
    expect(state(lab10)).toEqual({ named: true, anonymised: false, health: true });
    expect(state(lab50)).toEqual({ named: false, anonymised: true, health: false });

    const photos = await db.selectFrom('visit_photos').select('visit_id').where('tenant_id', '=', tenantId).execute();
    expect(photos.map((photo) => photo.visit_id)).toEqual([hall20]);
    const signatures = await db
      .selectFrom('visit_document_signatures')
      .select(['visit_id', 'typed_name', 'signer_key', 'image', 'version_id', 'signed_at'])
      .where('tenant_id', '=', tenantId)
      .orderBy('signed_at')
      .execute();
    // An erased signature keeps which version was signed, and when; nothing of who signed.
    expect(signatures.map((row) => [row.visit_id, row.typed_name !== null, row.signer_key !== ''])).toEqual([
      [hall40, false, false],
      [hall20, true, true],
      [lab10, true, true],
    ]);
    expect(signatures[0]!.version_id).toBe(nda.versionId);
    // The kiosk entry of the 40-day visit keeps the visitor's form but no photo, signature or answer.
    const entry = await db
      .selectFrom('applied_mutations')
      .select('payload')
      .where('visit_id', '=', hall40)
      .executeTakeFirstOrThrow();
    const payload = entry.payload as Record<string, unknown>;
    expect(['photo', 'signatures', 'questionnairesAnswers', 'tempMeasure1'].filter((key) => key in payload)).toEqual(
      [],
    );
    expect(payload).toHaveProperty('checkInForm');

    // The run's counts by kind, audited by the automatic rules; the next run has nothing left.
    const run = await db
      .selectFrom('audit_log')
      .select(['after', 'actor_channel'])
      .where('action', '=', 'RETENTION_APPLIED')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect([run.actor_channel, run.after]).toEqual([
      'AUTOMATIC',
      { visits: 1, photos: 2, signatures: 1, health: 2, periods: companyDefaults },
    ]);
    const left = (await call<RetentionSettings>(master, 'GET', 'retention')).body.due;
    expect(Object.values(left).map((kind) => kind.count)).toEqual([0, 0, 0, 0]);
  });

  it('anonymises what is past each company’s period in bounded batches, keeping the rest and what reports count', async () => {
    const now = new Date();
    const db = t.database.db;
    const yearly = await createTenant(db);
    const monthly = await createTenant(db);
    const lobby = await createBuilding(db, yearly, 'Yearly lobby');
    const other = await createBuilding(db, monthly, 'Monthly lobby');
    const monthlyPlan = { company: { ...companyDefaults, visits: 30 }, buildings: [] };
    expect((await call<RetentionSettings>(await masterOf(monthly), 'PUT', 'retention', monthlyPlan)).status).toBe(200);

    // Due: a kiosk's check-in of 401 days ago with its photo, signature and e-mail; three more
    // visits of 401 days; an invitation planned 500 days ago, never come.
    const marker = `Retained${uuidv7().slice(-8)}`;
    const email = `${marker.toLowerCase()}@example.test`;
    const kioskVisit = await kioskVisitAged(lobby, marker, email, now, 401);
    await db
      .insertInto('visit_photos')
      .values({ visit_id: kioskVisit, tenant_id: yearly, content: Buffer.from(marker), byte_size: marker.length })
      .execute();
    const nda = await createBuildingDocument(db, yearly, lobby);
    await createSignature(db, {
      tenantId: yearly,
      buildingId: lobby,
      visitId: kioskVisit,
      document: nda,
      signedAt: daysAgo(now, 401),
      typedName: `Erin ${marker}`,
      signerKey: email,
    });
    await db
      .insertInto('mail_outbox')
      .values({
        id: uuidv7(),
        tenant_id: yearly,
        to_address: email,
        subject: `Welcome, Erin ${marker}`,
        text_body: 'Your visit',
        locale: 'en',
        entity: 'visit',
        entity_id: kioskVisit,
        status: 'SENT',
      })
      .execute();
    const aged = (tenantId: string, buildingId: string, lastName: string, days: number) =>
      createVisit(db, tenantId, buildingId, {
        first_name: 'Old',
        last_name: lastName,
        email: `${lastName.toLowerCase()}@example.test`,
        phone: '+1 514 555 0100',
        company_name: 'Acme',
        checked_in_at: daysAgo(now, days),
        checked_out_at: daysAgo(now, days - 0.1),
        created_at: daysAgo(now, days),
        check_in_form: JSON.stringify({ lastName }),
      });
    const due = [
      kioskVisit,
      await aged(yearly, lobby, `${marker}a`, 401),
      await aged(yearly, lobby, `${marker}b`, 402),
      await aged(yearly, lobby, `${marker}c`, 450),
      await createVisit(db, yearly, lobby, {
        last_name: `${marker}d`,
        is_invitation: true,
        scheduled_at: daysAgo(now, 500),
        created_at: daysAgo(now, 510),
      }),
    ];
    const kept = [
      await aged(yearly, lobby, 'Recent399', 399),
      // Made long ago, but the visit happened ten days ago: it counts from then.
      await createVisit(db, yearly, lobby, {
        last_name: 'Recent10',
        created_at: daysAgo(now, 600),
        checked_in_at: daysAgo(now, 10),
      }),
      await aged(monthly, other, 'Monthly29', 29),
    ];
    const monthlyDue = await aged(monthly, other, `${marker}m`, 31);

    // Two visits a batch, two batches a company per round, one round a run (no time for a
    // second): the yearly company needs two runs.
    const limits = { batchSize: 2, maxBatches: 2, budgetMs: 0 };
    const first = await applyRetention(db, now, limits);
    const second = await applyRetention(db, now, limits);
    const third = await applyRetention(db, now, limits);
    expect([first, second, third]).toEqual([5, 1, 0]);

    const rows = await db
      .selectFrom('visits')
      .select([
        'id',
        'anonymised_at',
        'first_name',
        'last_name',
        'email',
        'phone',
        'company_name',
        'host',
        'check_in_form',
        'building_id',
        'visitor_type',
        'checked_in_at',
        'checked_out_at',
      ])
      .where('id', 'in', [...due, ...kept, monthlyDue])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of [...due, monthlyDue]) {
      const row = byId.get(id)!;
      expect(row.anonymised_at).not.toBeNull();
      expect([row.first_name, row.last_name, row.email, row.phone, row.company_name, row.host]).toEqual([
        null,
        null,
        null,
        null,
        null,
        null,
      ]);
      expect(row.check_in_form).toEqual({});
    }
    // What reports count stays: the building, the type, when it began and ended.
    const kioskRow = byId.get(kioskVisit)!;
    expect([kioskRow.building_id, kioskRow.visitor_type]).toEqual([lobby, 'VISITOR']);
    expect(kioskRow.checked_in_at!.getTime()).toBe(daysAgo(now, 401).getTime());
    expect(kioskRow.checked_out_at!.getTime()).toBe(daysAgo(now, 401).getTime() + 3_600_000);
    for (const id of kept) expect(byId.get(id)!.anonymised_at).toBeNull();
    expect(byId.get(kept[0]!)!.last_name).toBe('Recent399');

    // Nothing anywhere names the visitor: no photo, signature, e-mail, entry, audit text or report key.
    expect(await tablesHolding(t.database.db, marker)).toEqual([]);
    const photos = await db.selectFrom('visit_photos').select('visit_id').where('visit_id', '=', kioskVisit).execute();
    expect(photos).toEqual([]);

    // Each run's count per company is in the audit log, by the automatic rules (the companies in
    // any order within a run).
    const runsOf = async (tenantId: string) => {
      const rows = await db
        .selectFrom('audit_log')
        .select(['after', 'actor_channel'])
        .where('action', '=', 'RETENTION_APPLIED')
        .where('tenant_id', '=', tenantId)
        .orderBy('at')
        .orderBy('id')
        .execute();
      return rows.map((run) => [run.actor_channel, run.after!.visits, (run.after!.periods as RetentionPeriods).visits]);
    };
    expect(await runsOf(yearly)).toEqual([
      ['AUTOMATIC', 4, 400],
      ['AUTOMATIC', 1, 400],
    ]);
    expect(await runsOf(monthly)).toEqual([['AUTOMATIC', 1, 30]]);
  });

  it('goes round the companies again while the run has time, so a backlog larger than a round is done in one run', async () => {
    const now = new Date();
    const db = t.database.db;
    const backlog = await createTenant(db);
    const small = await createTenant(db);
    const hall = await createBuilding(db, backlog, 'Backlog hall');
    const desk = await createBuilding(db, small, 'Small desk');
    const made = async (tenantId: string, buildingId: string, n: number) => {
      for (let i = 0; i < n; i++) {
        await createVisit(db, tenantId, buildingId, {
          last_name: `Old${i}`,
          checked_in_at: daysAgo(now, 500),
          created_at: daysAgo(now, 500),
        });
      }
    };
    await made(backlog, hall, 5);
    await made(small, desk, 1);
    // One visit a batch, one batch a company per round: five rounds, in one run.
    expect(await applyRetention(db, now, { batchSize: 1, maxBatches: 1, budgetMs: 60_000 })).toBe(6);
    const left = await db
      .selectFrom('visits')
      .select('id')
      .where('building_id', 'in', [hall, desk])
      .where('anonymised_at', 'is', null)
      .execute();
    expect(left).toEqual([]);
    const audited = await db
      .selectFrom('audit_log')
      .select(['tenant_id', 'after'])
      .where('action', '=', 'RETENTION_APPLIED')
      .where('tenant_id', 'in', [backlog, small])
      .execute();
    // One audit row per company and round: five rounds of the backlog's, one of the small one's.
    const countOf = (tenantId: string) =>
      audited.filter((row) => row.tenant_id === tenantId).map((row) => row.after!.visits);
    expect([countOf(backlog), countOf(small)]).toEqual([[1, 1, 1, 1, 1], [1]]);
  });
});
