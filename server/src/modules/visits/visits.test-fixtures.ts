// The entry log's test company, shared by the visits, staff check-in and lifecycle test files: tenant A with three
// buildings (HQ and Clinic assigned to its supervisor, user and space user; Annex assigned to
// nobody), tenant B with one, hosts of the directory, a health questionnaire at the entry and a
// badge question at the exit, and Clinic measuring temperatures (35 to 38 °C) in and out.
import type { LightMyRequestResponse } from 'fastify';
import type { Role, VisitDetail } from '@vestibule/shared';
import {
  addQuestion,
  assignBuildings,
  createBuilding,
  createPerson,
  createQuestionnaire,
  linkQuestionnaire,
  setBuildingSettings,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, jsonOf, seedTwoTenants } from '../../../test/helpers/test-app.ts';

export type Seed = Awaited<ReturnType<typeof seedVisits>>;

export async function setSettings(t: TestApp, buildingId: string, patch: Record<string, unknown>) {
  await setBuildingSettings(t.database.db, buildingId, patch);
}

export async function seedVisits(t: TestApp) {
  const seed = await seedTwoTenants(t);
  const db = t.database.db;
  const { tenantA, tenantB } = seed;
  const hq = await createBuilding(db, tenantA, 'HQ');
  const clinic = await createBuilding(db, tenantA, 'Clinic');
  const annex = await createBuilding(db, tenantA, 'Annex');
  const other = await createBuilding(db, tenantB, 'Elsewhere');
  for (const role of ['ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'] as const)
    await assignBuildings(db, seed.users[role].id, [hq, clinic]);
  await setSettings(t, clinic, {
    checkInTemperatureMeasuresEnabled: true,
    allowCheckInManualTemperatureMeasure: true,
    checkOutTemperatureMeasuresEnabled: true,
    allowCheckOutManualTemperatureMeasure: true,
    temperatureMeasureUnit: 'CELSIUS',
    minAllowedTemperature: 35,
    maxAllowedTemperature: 38,
  });
  const health = await createQuestionnaire(db, tenantA, 'Health');
  const fever = await addQuestion(db, health, 0, { text: 'Do you have a fever?', alert_answer: 'YES' });
  const leaving = await createQuestionnaire(db, tenantA, 'Leaving');
  const badge = await addQuestion(db, leaving, 0, { text: 'Did you return your badge?', alert_answer: 'NO' });
  for (const building of [hq, annex])
    for (const [questionnaire, kind] of [
      [health, 'ENTRY'],
      [leaving, 'EXIT'],
    ] as const)
      for (const visitorType of ['VISITOR', 'EMPLOYEE'] as const)
        await linkQuestionnaire(db, building, questionnaire, kind, visitorType);
  const people = {
    ada: await createPerson(db, tenantA, hq, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@hq.test' }),
    alan: await createPerson(db, tenantA, hq, { firstName: 'Alan', lastName: 'Turing', email: 'alan@hq.test' }),
    gone: await createPerson(db, tenantA, hq, { firstName: 'Grace', lastName: 'Gone', deactivated: true }),
    regular: await createPerson(db, tenantA, hq, {
      firstName: 'Rita',
      lastName: 'Regular',
      email: 'rita@visitor.test',
      visitorType: 'VISITOR',
      locale: 'fr',
    }),
    annexHost: await createPerson(db, tenantA, annex, { firstName: 'Anne', lastName: 'Annex' }),
    clinicHost: await createPerson(db, tenantA, clinic, { firstName: 'Cleo', lastName: 'Clinic' }),
    otherHost: await createPerson(db, tenantB, other, { firstName: 'Otto', lastName: 'Other' }),
  };
  return { ...seed, hq, clinic, annex, other, health, fever, leaving, badge, people };
}

export function caller(t: TestApp, seed: Seed) {
  return async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/service${url}`,
      headers: bearer(seed.tokens[role]),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** The error a response carries: its status and catalogue code. */
export function errorOf(response: LightMyRequestResponse): [number, unknown] {
  return [response.statusCode, jsonOf(response).errorCode];
}

let counter = 0;

/** An invitation's body at HQ two hours from now, hosted by Ada. */
export function invitation(seed: Seed, overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    buildingId: seed.hq,
    visitorType: 'VISITOR',
    firstName: 'Vera',
    lastName: `Guest${counter}`,
    email: `vera${counter}@example.test`,
    companyName: `Acme ${counter}`,
    hostPersonId: seed.people.ada,
    scheduledAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    scheduledDuration: 'PT1H',
    ...overrides,
  };
}

export async function invite(
  call: ReturnType<typeof caller>,
  seed: Seed,
  overrides: Record<string, unknown> = {},
  role: Role = 'ROLE_USER',
): Promise<VisitDetail> {
  const response = await call(role, 'POST', '/meeting', invitation(seed, overrides));
  if (response.statusCode !== 201) throw new Error(`invitation refused: ${response.body}`);
  return jsonOf<VisitDetail>(response);
}

/** The wizard's answers to HQ's health questionnaire. */
export function health(seed: Seed, fever: 'YES' | 'NO' = 'NO') {
  return [{ questionnaireId: seed.health, answers: { [seed.fever]: fever } }];
}

export function exitAnswers(seed: Seed, returned: 'YES' | 'NO' = 'YES') {
  return [{ questionnaireId: seed.leaving, answers: { [seed.badge]: returned } }];
}
