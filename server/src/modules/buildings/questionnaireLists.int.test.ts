import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Building } from '@vestibule/shared';
import { createBuilding, createQuestionnaire, createTenant, createUser } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

// The entry and the exit questionnaire lists are read and saved in one shape (a list per person
// type); the exit call still takes the keys it took before, so older clients keep working.

let t: TestApp;
let tenantId: string;
let auth: { authorization: string };
let health: string;
let badge: string;
let tools: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await createTenant(t.database.db, { name: 'Lists Co' });
  const master = await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' });
  auth = bearer(await logInAs(t.app, master.username));
  health = await createQuestionnaire(t.database.db, tenantId, 'Health');
  badge = await createQuestionnaire(t.database.db, tenantId, 'Badge returned');
  tools = await createQuestionnaire(t.database.db, tenantId, 'Tools returned');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/service${url}`, headers: auth, ...(payload ? { payload } : {}) });

describe('the questionnaire lists of a building', () => {
  it('saves and answers the exit lists in the entry lists’ shape, each kept apart', async () => {
    const buildingId = await createBuilding(t.database.db, tenantId);
    const entry = { visitorQuestionnaires: [health], contractorQuestionnaires: [health], employeeQuestionnaires: [] };
    const exit = {
      visitorQuestionnaires: [badge],
      contractorQuestionnaires: [tools, badge],
      employeeQuestionnaires: [],
    };
    const savedEntry = await call('PUT', `/building/${buildingId}/questionnaire`, entry);
    expect(savedEntry.statusCode).toBe(201);
    expect(jsonOf(savedEntry)).toEqual(entry);
    const savedExit = await call('PUT', `/building/${buildingId}/exitQuestionnaire`, exit);
    expect(savedExit.statusCode, savedExit.body).toBe(201);
    expect(jsonOf(savedExit)).toEqual(exit);

    expect(jsonOf(await call('GET', `/building/${buildingId}/questionnaire`))).toEqual(entry);
    expect(jsonOf(await call('GET', `/building/${buildingId}/exitQuestionnaire`))).toEqual(exit);
    // The building names the exit lists as its own fields.
    expect(jsonOf<Building>(await call('GET', `/building/${buildingId}`))).toMatchObject({
      ...entry,
      visitorExitQuestionnaires: [badge],
      contractorExitQuestionnaires: [tools, badge],
      employeeExitQuestionnaires: [],
    });
    // The audit log tells the exit lists from the entry lists.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('entity_id', '=', buildingId)
      .where('action', '=', 'BUILDING_QUESTIONNAIRES_UPDATED')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.after)).toEqual([
      { visitorQuestionnaires: [health], contractorQuestionnaires: [health] },
      { visitorExitQuestionnaires: [badge], contractorExitQuestionnaires: [tools, badge] },
    ]);
  });

  it('still takes the exit lists under their earlier keys, and answers them in the one shape', async () => {
    const buildingId = await createBuilding(t.database.db, tenantId);
    const saved = await call('PUT', `/building/${buildingId}/exitQuestionnaire`, {
      visitorExitQuestionnaires: [tools],
      contractorExitQuestionnaires: [],
      employeeExitQuestionnaires: [badge],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const lists = { visitorQuestionnaires: [tools], contractorQuestionnaires: [], employeeQuestionnaires: [badge] };
    expect(jsonOf(saved)).toEqual(lists);
    expect(jsonOf(await call('GET', `/building/${buildingId}/exitQuestionnaire`))).toEqual(lists);
    // The entry lists are untouched.
    expect(jsonOf(await call('GET', `/building/${buildingId}/questionnaire`))).toEqual({
      visitorQuestionnaires: [],
      contractorQuestionnaires: [],
      employeeQuestionnaires: [],
    });
  });

  it('refuses a body mixing the two sets of keys, or the exit keys on the entry call, and saves nothing', async () => {
    const buildingId = await createBuilding(t.database.db, tenantId);
    const mixed = await call('PUT', `/building/${buildingId}/exitQuestionnaire`, {
      visitorQuestionnaires: [badge],
      contractorExitQuestionnaires: [tools],
      employeeQuestionnaires: [],
    });
    expect(mixed.statusCode).toBe(400);
    expect(jsonOf<{ errorCode: string }>(mixed).errorCode).toBe('VALIDATION_FAILED');
    const exitKeysOnEntry = await call('PUT', `/building/${buildingId}/questionnaire`, {
      visitorExitQuestionnaires: [badge],
      contractorExitQuestionnaires: [],
      employeeExitQuestionnaires: [],
    });
    expect(exitKeysOnEntry.statusCode).toBe(400);
    const none = { visitorQuestionnaires: [], contractorQuestionnaires: [], employeeQuestionnaires: [] };
    expect(jsonOf(await call('GET', `/building/${buildingId}/exitQuestionnaire`))).toEqual(none);
    expect(jsonOf(await call('GET', `/building/${buildingId}/questionnaire`))).toEqual(none);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_id', '=', buildingId)
      .where('action', '=', 'BUILDING_QUESTIONNAIRES_UPDATED')
      .execute();
    expect(audited).toEqual([]);
  });
});
