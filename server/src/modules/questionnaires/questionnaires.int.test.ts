import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question, Questionnaire } from '@vestibule/shared';
import { assignBuildings, createBuilding, createTenant, createUser } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

let t: TestApp;
let auth: { authorization: string };
let tenantId: string;
/** The supervisor of these tests: a building they link questionnaires to is assigned to them. */
let supervisorId: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await createTenant(t.database.db);
  const supervisor = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
  supervisorId = supervisor.id;
  auth = bearer(await logInAs(t.app, supervisor.username));
});
afterAll(() => t.close());

async function newQuestionnaire(name = 'Health'): Promise<Questionnaire> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/questionnaire',
    headers: auth,
    payload: { name, description: 'Before entry' },
  });
  expect(response.statusCode).toBe(201);
  return jsonOf<Questionnaire>(response);
}

async function addQuestion(qid: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/service/questionnaire/${qid}/question`, headers: auth, payload: body });
}

async function questionsOf(qid: string): Promise<Question[]> {
  return jsonOf<Question[]>(
    await t.app.inject({ method: 'GET', url: `/service/questionnaire/${qid}/questions`, headers: auth }),
  );
}

describe('questionnaires', () => {
  it('creates (201), lists, renames and counts questions', async () => {
    const q = await newQuestionnaire('Contractor safety');
    await addQuestion(q.id, { text: '**Safety shoes** on?', questionType: 'YESNO', alertAnswer: 'NO' });
    const listed = jsonOf<{ docs: Questionnaire[]; totalDocs: number }>(
      await t.app.inject({ method: 'GET', url: '/service/questionnaire?search=safety', headers: auth }),
    );
    expect(listed.docs.map((d) => [d.name, d.questionsCount])).toEqual([['Contractor safety', 1]]);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/service/questionnaire/${q.id}`,
      headers: auth,
      payload: { name: 'Site safety' },
    });
    expect(jsonOf<Questionnaire>(renamed).name).toBe('Site safety');
    const all = jsonOf<{ name: string }[]>(
      await t.app.inject({ method: 'GET', url: '/service/questionnaire/all', headers: auth }),
    );
    expect(all.map((x) => x.name)).toContain('Site safety');
  });

  it('keeps questions in order and moves them up and down, answering the new list', async () => {
    const q = await newQuestionnaire();
    for (const text of ['First', 'Second', 'Third']) await addQuestion(q.id, { text, questionType: 'FREEFORM' });
    const [, second] = await questionsOf(q.id);
    const up = jsonOf<Question[]>(
      await t.app.inject({
        method: 'PATCH',
        url: `/service/questionnaire/${q.id}/question/${second?.id}/up`,
        headers: auth,
      }),
    );
    expect(up.map((x) => x.text)).toEqual(['Second', 'First', 'Third']);
    const down = jsonOf<Question[]>(
      await t.app.inject({
        method: 'PATCH',
        url: `/service/questionnaire/${q.id}/question/${second?.id}/down`,
        headers: auth,
      }),
    );
    expect(down.map((x) => x.text)).toEqual(['First', 'Second', 'Third']);
    const last = down[2];
    const unchanged = jsonOf<Question[]>(
      await t.app.inject({
        method: 'PATCH',
        url: `/service/questionnaire/${q.id}/question/${last?.id}/down`,
        headers: auth,
      }),
    );
    expect(unchanged.map((x) => x.text)).toEqual(['First', 'Second', 'Third']);
  });

  it('accepts a follow-up on an earlier yes/no answer and keeps it below its question', async () => {
    const q = await newQuestionnaire();
    const parent = jsonOf<Question>(
      await addQuestion(q.id, {
        text: 'Travelled abroad?',
        questionType: 'YESNONA',
        warningAnswer: 'NA',
        alertAnswer: 'YES',
      }),
    );
    const child = jsonOf<Question>(
      await addQuestion(q.id, {
        text: 'Which country?',
        questionType: 'FREEFORM',
        previousQuestionId: parent.id,
        previousQuestionAnswer: 'YES',
      }),
    );
    expect(child).toMatchObject({ previousQuestionId: parent.id, previousQuestionAnswer: 'YES', sortOrder: 1 });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/service/questionnaire/${q.id}/question/${child.id}/up`,
      headers: auth,
    });
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused).errorCode).toBe('QUESTION_FOLLOW_UP_ORDER');
    expect((await questionsOf(q.id)).map((x) => x.id)).toEqual([parent.id, child.id]);
    const naChild = jsonOf<Question>(
      await addQuestion(q.id, {
        text: 'Why not applicable?',
        questionType: 'FREEFORM',
        previousQuestionId: parent.id,
        previousQuestionAnswer: 'NA',
      }),
    );
    const toYesNo = await t.app.inject({
      method: 'PATCH',
      url: `/service/questionnaire/${q.id}/question/${parent.id}`,
      headers: auth,
      payload: { text: 'Travelled abroad?', questionType: 'YESNO', alertAnswer: 'YES' },
    });
    expect(jsonOf(toYesNo)).toMatchObject({
      errorCode: 'QUESTION_FOLLOW_UP_INVALID',
      params: { field: 'questionType' },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/service/questionnaire/${q.id}/question/${naChild.id}`,
      headers: auth,
    });
    const onFreeform = await addQuestion(q.id, {
      text: 'More?',
      questionType: 'YESNO',
      previousQuestionId: child.id,
      previousQuestionAnswer: 'YES',
    });
    expect(jsonOf(onFreeform)).toMatchObject({
      errorCode: 'QUESTION_FOLLOW_UP_INVALID',
      params: { field: 'previousQuestionId' },
    });
  });

  it('refuses to delete a question others follow up on (QUESTION_HAS_FOLLOW_UPS, naming them), keeping every question', async () => {
    const q = await newQuestionnaire();
    const ask = async (body: Record<string, unknown>) => jsonOf<Question>(await addQuestion(q.id, body));
    const parent = await ask({ text: 'Carrying tools?', questionType: 'YESNO' });
    const other = await ask({ text: 'First visit?', questionType: 'YESNO' });
    const which = await ask({
      text: 'Which tools?',
      questionType: 'FREEFORM',
      previousQuestionId: parent.id,
      previousQuestionAnswer: 'YES',
    });
    const why = await ask({
      text: 'Why none?',
      questionType: 'FREEFORM',
      previousQuestionId: parent.id,
      previousQuestionAnswer: 'NO',
    });
    const remove = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/service/questionnaire/${q.id}/question/${id}`, headers: auth });
    const before = await questionsOf(q.id);

    const refused = await remove(parent.id);
    expect(refused.statusCode).toBe(409);
    expect(jsonOf(refused)).toMatchObject({
      errorCode: 'QUESTION_HAS_FOLLOW_UPS',
      params: { numbers: '3, 4', followUpIds: `${which.id},${why.id}` },
    });
    expect(await questionsOf(q.id)).toEqual(before);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_id', '=', q.id)
      .where('action', '=', 'QUESTION_DELETED')
      .execute();
    expect(audited).toEqual([]);

    // Once its follow-ups are gone (or depend on another question), it is deleted.
    expect((await remove(why.id)).statusCode).toBe(200);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/service/questionnaire/${q.id}/question/${which.id}`,
      headers: auth,
      payload: {
        text: 'Which tools?',
        questionType: 'FREEFORM',
        previousQuestionId: other.id,
        previousQuestionAnswer: 'NO',
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await remove(parent.id)).statusCode).toBe(200);
    expect((await questionsOf(q.id)).map((x) => [x.text, x.previousQuestionId, x.previousQuestionAnswer])).toEqual([
      ['First visit?', null, null],
      ['Which tools?', other.id, 'NO'],
    ]);
  });

  it("refuses to delete, edit or move a question through another questionnaire's path, changing nothing", async () => {
    const a = await newQuestionnaire();
    const b = await newQuestionnaire();
    const parent = jsonOf(await addQuestion(b.id, { text: 'Visited a farm?', questionType: 'YESNO' }));
    const child = jsonOf(
      await addQuestion(b.id, {
        text: 'Which one?',
        questionType: 'FREEFORM',
        previousQuestionId: parent.id,
        previousQuestionAnswer: 'YES',
      }),
    );
    const before = await questionsOf(b.id);
    for (const [method, suffix, payload] of [
      ['DELETE', '', undefined],
      ['PATCH', '', { text: 'Changed?', questionType: 'YESNO' }],
      ['PATCH', '/down', undefined],
    ] as const) {
      const answer = await t.app.inject({
        method,
        url: `/service/questionnaire/${a.id}/question/${parent.id}${suffix}`,
        headers: auth,
        ...(payload ? { payload } : {}),
      });
      expect({ status: answer.statusCode, code: jsonOf(answer).errorCode }).toEqual({ status: 404, code: 'NOT_FOUND' });
    }
    expect(await questionsOf(b.id)).toEqual(before);
    expect(before[1]).toMatchObject({ id: child.id, previousQuestionId: parent.id, previousQuestionAnswer: 'YES' });
  });

  it('refuses answers that do not fit the type, and bad input changes nothing', async () => {
    const q = await newQuestionnaire();
    const bad = await addQuestion(q.id, { text: 'Fever?', questionType: 'YESNO', alertAnswer: 'NA' });
    expect(bad.statusCode).toBe(400);
    expect(jsonOf(await addQuestion(q.id, { text: '', questionType: 'YESNO' })).errorCode).toBe('IS_EMPTY');
    expect(await questionsOf(q.id)).toEqual([]);
  });

  it('refuses to delete a questionnaire a building uses (QUESTIONNAIRE_IN_USE), then deletes it once unlinked', async () => {
    const q = await newQuestionnaire();
    const buildingId = await createBuilding(t.database.db, tenantId);
    await assignBuildings(t.database.db, supervisorId, [buildingId]);
    const lists = { visitorQuestionnaires: [q.id], contractorQuestionnaires: [], employeeQuestionnaires: [q.id] };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/service/building/${buildingId}/questionnaire`,
      headers: auth,
      payload: lists,
    });
    expect(saved.statusCode).toBe(201);
    expect(jsonOf(saved)).toEqual(lists);
    const refused = await t.app.inject({ method: 'DELETE', url: `/service/questionnaire/${q.id}`, headers: auth });
    expect(refused.statusCode).toBe(409);
    expect(jsonOf(refused).errorCode).toBe('QUESTIONNAIRE_IN_USE');
    const exit = await t.app.inject({
      method: 'GET',
      url: `/service/building/${buildingId}/exitQuestionnaire`,
      headers: auth,
    });
    expect(jsonOf(exit)).toEqual({
      visitorQuestionnaires: [],
      contractorQuestionnaires: [],
      employeeQuestionnaires: [],
    });
    await t.app.inject({
      method: 'PUT',
      url: `/service/building/${buildingId}/questionnaire`,
      headers: auth,
      payload: { visitorQuestionnaires: [], contractorQuestionnaires: [], employeeQuestionnaires: [] },
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/service/questionnaire/${q.id}`, headers: auth })).statusCode,
    ).toBe(200);
  });

  it("never links another tenant's questionnaire to a building", async () => {
    const other = await createTenant(t.database.db);
    const master = await createUser(t.database.db, { tenantId: other, role: 'ROLE_MASTER' });
    const theirs = jsonOf<Questionnaire>(
      await t.app.inject({
        method: 'POST',
        url: '/service/questionnaire',
        headers: bearer(await logInAs(t.app, master.username)),
        payload: { name: 'Theirs' },
      }),
    );
    const buildingId = await createBuilding(t.database.db, tenantId);
    await assignBuildings(t.database.db, supervisorId, [buildingId]);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/service/building/${buildingId}/questionnaire`,
      headers: auth,
      payload: { visitorQuestionnaires: [theirs.id], contractorQuestionnaires: [], employeeQuestionnaires: [] },
    });
    expect(response.statusCode).toBe(404);
    const stored = jsonOf(
      await t.app.inject({ method: 'GET', url: `/service/building/${buildingId}/questionnaire`, headers: auth }),
    );
    expect(stored.visitorQuestionnaires).toEqual([]);
  });
});
