// API tokens (docs/api-tokens.md): made by a company's administrators, shown once and kept
// hashed; a call with one acts as the company's corporate role on the calls its scopes name, in
// its company only, audited with its name, limited per minute, and refused once revoked, expired
// or its maker blocked.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_CALLS_PER_MINUTE, type ApiTokenCreated, type ApiTokens, type VisitDetail } from '@vestibule/shared';
import { createBuilding, createPerson, createTenant, createUser } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

let t: TestApp;
let world: Awaited<ReturnType<typeof seedWorld>>;

async function seedWorld() {
  const db = t.database.db;
  const tenantId = await createTenant(db, { name: 'Tokened Ltd' });
  const hq = await createBuilding(db, tenantId, 'Tokened HQ');
  const host = await createPerson(db, tenantId, hq, { firstName: 'Ada', lastName: 'Host', email: 'ada@tokened.test' });
  const master = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  const supervisor = await createUser(db, { tenantId, role: 'ROLE_SUPERVISOR' });
  const other = await createTenant(db, { name: 'Other Ltd' });
  const otherHq = await createBuilding(db, other, 'Other HQ');
  const otherMaster = await createUser(db, { tenantId: other, role: 'ROLE_MASTER' });
  const otherHost = await createPerson(db, other, otherHq, {
    firstName: 'Bo',
    lastName: 'Host',
    email: 'bo@other.test',
  });
  return {
    tenantId,
    hq,
    host,
    masterId: master.id,
    master: bearer(await logInAs(t.app, master.username)),
    supervisor: bearer(await logInAs(t.app, supervisor.username)),
    otherHq,
    otherHost,
    otherMaster: bearer(await logInAs(t.app, otherMaster.username)),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  world = await seedWorld();
});
afterAll(() => t.close());

function call(headers: Record<string, string>, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url: `/service${url}`, headers, payload });
}

async function make(scopes: string[], headers = world.master, name = 'CRM sync') {
  const response = await call(headers, 'POST', '/apiTokens', { name, scopes, expiresInDays: 30 });
  expect(response.statusCode).toBe(201);
  return jsonOf<ApiTokenCreated>(response);
}

const invitation = (buildingId: string, lastName: string) => ({
  buildingId,
  visitorType: 'VISITOR',
  firstName: 'Grace',
  lastName,
  email: 'grace@example.test',
  scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
  scheduledDuration: 'PT1H',
  hostPersonId: world.host,
});

const refusal = async (response: Awaited<ReturnType<typeof call>>) => [
  response.statusCode,
  jsonOf<{ errorCode: string }>(response).errorCode,
];

describe('API tokens', () => {
  it('are made by administrators and corporate users, shown once and kept as a hash', async () => {
    const made = await make(['visits:read']);
    expect(made.token).toMatch(/^vst_[A-Za-z0-9_-]{43}$/);
    expect(made.apiToken).toMatchObject({ name: 'CRM sync', scopes: ['visits:read'], revokedAt: null });
    expect(made.token.startsWith(made.apiToken.prefix)).toBe(true);
    const listed = await call(world.master, 'GET', '/apiTokens');
    expect(listed.body).not.toContain(made.token);
    const stored = await t.database.db
      .selectFrom('api_tokens')
      .select('token_hash')
      .where('id', '=', made.apiToken.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity_id', '=', made.apiToken.id)
      .execute();
    expect(JSON.stringify(audited)).not.toContain(made.token.slice(4));
    expect(await refusal(await call(world.supervisor, 'GET', '/apiTokens'))).toEqual([403, 'FORBIDDEN']);
    expect(jsonOf<ApiTokens>(await call(world.otherMaster, 'GET', '/apiTokens')).tokens).toEqual([]);
  });

  it("call what their scopes name, in their company only, audited with the token's name", async () => {
    const made = await make(['visits:read', 'invitations:write'], world.master, 'Front-door sync');
    const token = bearer(made.token);
    const created = await call(token, 'POST', '/meeting', invitation(world.hq, 'Tokened'));
    expect(created.statusCode).toBe(201);
    const visit = jsonOf<VisitDetail>(created);
    const read = await call(token, 'GET', `/meeting/${visit.id}`);
    expect(jsonOf<VisitDetail>(read)).toMatchObject({ id: visit.id, lastName: 'Tokened' });
    const listed = jsonOf<{ docs: { id: string }[] }>(await call(token, 'GET', `/meeting?buildingId=${world.hq}`));
    expect(listed.docs.map((doc) => doc.id)).toContain(visit.id);
    // No scope for people, and none at all for what no contract opens to tokens.
    expect(await refusal(await call(token, 'GET', '/people'))).toEqual([403, 'FORBIDDEN']);
    expect(await refusal(await call(token, 'GET', '/building'))).toEqual([403, 'FORBIDDEN']);
    expect(await refusal(await call(token, 'GET', '/apiTokens'))).toEqual([403, 'FORBIDDEN']);
    // Another company's building or visit: as if it did not exist.
    const theirs = jsonOf<VisitDetail>(
      await call(world.otherMaster, 'POST', '/meeting', {
        ...invitation(world.otherHq, 'Theirs'),
        hostPersonId: world.otherHost,
      }),
    );
    expect((await call(token, 'GET', `/meeting/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(token, 'POST', '/meeting', invitation(world.otherHq, 'Intruder'))).statusCode).toBe(404);

    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_username', 'actor_id'])
      .where('entity_id', '=', visit.id)
      .where('action', '=', 'MEETING_CREATED')
      .executeTakeFirstOrThrow();
    expect(audited).toEqual({ actor_username: 'Front-door sync (API token)', actor_id: world.masterId });
    const [row] = jsonOf<ApiTokens>(await call(world.master, 'GET', '/apiTokens')).tokens.filter(
      (candidate) => candidate.id === made.apiToken.id,
    );
    if (!row) throw new Error('the token is not listed');
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('are refused once revoked, expired, or their maker blocked', async () => {
    const revoked = await make(['visits:read']);
    expect((await call(bearer(revoked.token), 'GET', '/meeting')).statusCode).toBe(200);
    const revoking = await call(world.master, 'DELETE', `/apiTokens/${revoked.apiToken.id}`);
    expect(jsonOf<{ revokedAt: string | null }>(revoking).revokedAt).not.toBeNull();
    expect(await refusal(await call(bearer(revoked.token), 'GET', '/meeting'))).toEqual([401, 'BAD_TOKEN']);
    expect((await call(world.master, 'DELETE', `/apiTokens/${revoked.apiToken.id}`)).statusCode).toBe(404);

    const expired = await make(['visits:read']);
    await t.database.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.apiToken.id)
      .execute();
    expect(await refusal(await call(bearer(expired.token), 'GET', '/meeting'))).toEqual([401, 'BAD_TOKEN']);

    const maker = await createUser(t.database.db, { tenantId: world.tenantId, role: 'ROLE_MASTER' });
    const theirs = await make(['visits:read'], bearer(await logInAs(t.app, maker.username)));
    await t.database.db.updateTable('users').set({ blocked: true }).where('id', '=', maker.id).execute();
    expect(await refusal(await call(bearer(theirs.token), 'GET', '/meeting'))).toEqual([401, 'BAD_TOKEN']);
    expect(await refusal(await call(bearer('vst_not-a-token'), 'GET', '/meeting'))).toEqual([401, 'BAD_TOKEN']);
  });

  it(`are limited to ${API_TOKEN_CALLS_PER_MINUTE} calls a minute each`, async () => {
    const busy = bearer((await make(['people:read'])).token);
    const calm = bearer((await make(['people:read'])).token);
    const statuses: number[] = [];
    for (let i = 0; i <= API_TOKEN_CALLS_PER_MINUTE; i++)
      statuses.push((await call(busy, 'GET', `/person/${world.host}`)).statusCode);
    // A minute may turn during the loop: the last call is refused unless it did.
    const refused = statuses.filter((status) => status === 429).length;
    const turned = statuses.slice(0, API_TOKEN_CALLS_PER_MINUTE).includes(429);
    expect(refused === 1 || turned === false).toBe(true);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect((await call(calm, 'GET', `/person/${world.host}`)).statusCode).toBe(200);
  });
});
