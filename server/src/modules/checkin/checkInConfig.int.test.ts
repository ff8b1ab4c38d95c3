// A check-in judges a new visit by its building's configuration as kept in memory. Two server
// instances share one database here; changes are made by the other instance or by plain SQL
// (nobody tells the first instance), and every check-in must still be judged by what is stored.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInResponse } from '@vestibule/shared';
import { buildApp } from '../../app.ts';
import {
  createBuilding,
  createQuestion,
  createQuestionnaire,
  createTenant,
  createUser,
  linkEntryQuestionnaire,
  qrCodeKeyOf,
  testBuildingSettings,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs, testConfig } from '../../../test/helpers/test-app.ts';

let t: TestApp;
/** A second instance on the same database. */
let other: FastifyInstance;
let buildingId: string;
let qrCodeKey: string;
let questionnaireId: string;
let questionId: string;
let admin: { authorization: string };
let visitor = 0;

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: testConfig(), database: t.database, logger: false });
  await other.ready();
  const db = t.database.db;
  const tenantId = await createTenant(db, { name: 'Cache Corp' });
  buildingId = await createBuilding(db, tenantId, 'Cache HQ');
  qrCodeKey = await qrCodeKeyOf(db, buildingId);
  questionnaireId = await createQuestionnaire(db, tenantId, 'Health');
  questionId = await createQuestion(db, questionnaireId);
  await linkEntryQuestionnaire(db, buildingId, questionnaireId);
  const user = await createUser(db, { tenantId, role: 'ROLE_ADMIN' });
  admin = bearer(await logInAs(other, user.username));
});

afterAll(async () => {
  await other.close();
  await t.close();
});

/** A new visitor checks in on the first instance, answering the fever question. */
async function checkIn(answer: string, extra: Record<string, unknown> = {}) {
  visitor += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/checkin',
    payload: {
      qrCodeKey,
      visitorType: 'VISITOR',
      checkInForm: { firstName: 'Cache', lastName: `Visitor ${visitor}`, host: 'Host' },
      questionnairesAnswers: [{ questionnaireId, answers: { [questionId]: answer } }],
      ...extra,
    },
  });
  return { status: response.statusCode, body: jsonOf<CheckInResponse>(response) };
}

async function configVersion(): Promise<number> {
  const row = await t.database.db
    .selectFrom('buildings')
    .select('config_version')
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
  return Number(row.config_version);
}

describe('the check-in configuration kept in memory', () => {
  it('judges by a question changed in SQL after the building was read', async () => {
    expect((await checkIn('NO')).body.allowed).toBe(true);
    // "No" becomes the answer that refuses entry, written by hand: no instance is told.
    await t.database.db.updateTable('questions').set({ alert_answer: 'NO' }).where('id', '=', questionId).execute();
    const refused = await checkIn('NO');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ allowed: false, refusal: 'ALERT_ANSWER' });
    expect((await checkIn('YES')).body.allowed).toBe(true);
  });

  it("applies a building setting another instance saved, on this instance's next check-in", async () => {
    expect((await checkIn('YES')).body.allowed).toBe(true);
    const settings = { ...testBuildingSettings(), consentClauseEnabled: true };
    const saved = await other.inject({
      method: 'PATCH',
      url: `/service/building/${buildingId}/settings`,
      headers: admin,
      payload: settings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await checkIn('YES');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'MISSING' });
    expect((await checkIn('YES', { consentAccepted: true })).body.allowed).toBe(true);
  });

  it('answers 208 CHECKEDIN to the same person twice, from memory as from the database', async () => {
    const payload = {
      qrCodeKey,
      visitorType: 'VISITOR',
      checkInForm: { firstName: 'Twice', lastName: 'Person', host: 'Host' },
      questionnairesAnswers: [{ questionnaireId, answers: { [questionId]: 'YES' } }],
      consentAccepted: true,
    };
    const first = await t.app.inject({ method: 'POST', url: '/service/checkin', payload });
    expect(jsonOf<CheckInResponse>(first).allowed).toBe(true);
    const again = await t.app.inject({ method: 'POST', url: '/service/checkin', payload });
    expect(again.statusCode).toBe(208);
    expect(jsonOf(again).errorCode).toBe('CHECKEDIN');
    const visits = await t.database.db
      .selectFrom('visits')
      .select('id')
      .where('building_id', '=', buildingId)
      .where('last_name', '=', 'Person')
      .execute();
    expect(visits).toHaveLength(1);
  });

  it('raises the building version on every change a check-in reads', async () => {
    const db = t.database.db;
    let before = await configVersion();
    await db.updateTable('questions').set({ text: 'Any fever today?' }).where('id', '=', questionId).execute();
    expect(await configVersion()).toBeGreaterThan(before);
    before = await configVersion();
    await createQuestion(db, questionnaireId, 1);
    expect(await configVersion()).toBeGreaterThan(before);
    before = await configVersion();
    await db.updateTable('questionnaires').set({ name: 'Health today' }).where('id', '=', questionnaireId).execute();
    expect(await configVersion()).toBeGreaterThan(before);
    before = await configVersion();
    await db.deleteFrom('building_questionnaires').where('building_id', '=', buildingId).execute();
    expect(await configVersion()).toBeGreaterThan(before);
    before = await configVersion();
    await db.updateTable('buildings').set({ name: 'Cache Tower' }).where('id', '=', buildingId).execute();
    expect(await configVersion()).toBeGreaterThan(before);
  });
});
