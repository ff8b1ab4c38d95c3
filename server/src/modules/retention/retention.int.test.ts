// Retention (docs/privacy.md, "Retention"): a company's visits past its period are anonymised by
// the job in bounded batches, leaving nothing that names the visitor in any table and keeping
// what reports count; the company's period is its own setting, and each run is audited.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tenant, uuidv7 } from '@vestibule/shared';
import {
  createBuilding,
  createBuildingDocument,
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
import { applyRetention } from './retention.service.ts';

const DAY = 86_400_000;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.database.db, { tenantId: null, role: 'ROLE_ADMIN' })).username);
});
afterAll(() => t.close());

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

async function patchCompany(id: string, payload: object) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/service/tenant/${id}`,
    payload,
    headers: bearer(admin),
  });
  return { status: response.statusCode, body: jsonOf<Tenant & { errorCode?: string }>(response) };
}

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

/** Every text or JSON column of every table holding `marker`, as `table.column`. */
async function tablesHolding(marker: string): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb')
    order by 1, 2`.execute(t.database.db);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const hit = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}
      where ${sql.ref(column_name)}::text ilike ${`%${marker}%`}`.execute(t.database.db);
    if ((hit.rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

describe('visit retention', () => {
  it("is a company's own setting, 400 days unless it says otherwise, from 30 days to 10 years", async () => {
    const tenantId = await createTenant(t.database.db);
    const read = await t.app.inject({ method: 'GET', url: `/service/tenant/${tenantId}`, headers: bearer(admin) });
    expect(jsonOf<Tenant>(read).visitRetentionDays).toBe(400);
    expect((await patchCompany(tenantId, { visitRetentionDays: 90 })).body.visitRetentionDays).toBe(90);
    for (const refused of [29, 3651, 90.5]) {
      const answer = await patchCompany(tenantId, { visitRetentionDays: refused });
      expect([answer.status, answer.body.errorCode]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const row = await t.database.db
      .selectFrom('tenants')
      .select('visit_retention_days')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(row.visit_retention_days).toBe(90);
  });

  it('anonymises what is past each company’s period in bounded batches, keeping the rest and what reports count', async () => {
    const now = new Date();
    const db = t.database.db;
    const yearly = await createTenant(db);
    const monthly = await createTenant(db);
    expect((await patchCompany(monthly, { visitRetentionDays: 30 })).status).toBe(200);
    const lobby = await createBuilding(db, yearly, 'Yearly lobby');
    const other = await createBuilding(db, monthly, 'Monthly lobby');

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
    await db
      .insertInto('visit_document_signatures')
      .values({
        id: uuidv7(),
        tenant_id: yearly,
        building_id: lobby,
        visit_id: kioskVisit,
        document_id: nda.documentId,
        version_id: nda.versionId,
        signed_at: daysAgo(now, 401),
        method: 'TYPE',
        typed_name: `Erin ${marker}`,
        signer_key: email,
      })
      .execute();
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
    expect(await tablesHolding(marker)).toEqual([]);
    const photos = await db.selectFrom('visit_photos').select('visit_id').where('visit_id', '=', kioskVisit).execute();
    expect(photos).toEqual([]);

    // Each run's count per company is in the audit log, by the automatic rules (the companies in
    // any order within a run).
    const runsOf = async (tenantId: string) => {
      const rows = await db
        .selectFrom('audit_log')
        .select(['after', 'actor_channel'])
        .where('action', '=', 'VISITS_ANONYMISED')
        .where('tenant_id', '=', tenantId)
        .orderBy('at')
        .orderBy('id')
        .execute();
      return rows.map((run) => [run.actor_channel, run.after!.visits, run.after!.retentionDays]);
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
      .where('action', '=', 'VISITS_ANONYMISED')
      .where('tenant_id', 'in', [backlog, small])
      .execute();
    // One audit row per company and round: five rounds of the backlog's, one of the small one's.
    const countOf = (tenantId: string) =>
      audited.filter((row) => row.tenant_id === tenantId).map((row) => row.after!.visits);
    expect([countOf(backlog), countOf(small)]).toEqual([[1, 1, 1, 1, 1], [1]]);
  });
});
