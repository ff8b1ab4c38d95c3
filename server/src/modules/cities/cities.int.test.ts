// Cities: a company's list of city names, unique whatever their case; supervisors and
// above keep it, users read it; each company sees only its own; every change audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { City, CityList } from '@vestibule/shared/contract';
import { createTenant, createUser } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

let t: TestApp;
let tenantId: string;
let supervisor: string;
let user: string;
let otherMaster: string;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  tenantId = await createTenant(db, { name: 'Cities Co' });
  const otherTenant = await createTenant(db, { name: 'Other Co' });
  supervisor = await logInAs(t.app, (await createUser(db, { tenantId, role: 'ROLE_SUPERVISOR' })).username);
  user = await logInAs(t.app, (await createUser(db, { tenantId, role: 'ROLE_USER' })).username);
  otherMaster = await logInAs(t.app, (await createUser(db, { tenantId: otherTenant, role: 'ROLE_MASTER' })).username);
});
afterAll(() => t.close());

async function call(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `/service${url}`, payload, headers: bearer(token) });
  return { status: response.statusCode, body: jsonOf<Record<string, unknown>>(response) };
}

async function add(name: string, token = supervisor): Promise<City> {
  const created = await call(token, 'POST', '/city', { name });
  expect(created.status).toBe(201);
  return created.body as unknown as City;
}

const names = async (token: string, query = '') =>
  ((await call(token, 'GET', `/city${query}`)).body as unknown as CityList).docs.map((city) => city.name);

const auditOf = (cityId: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'entity', 'before', 'after', 'tenant_id'])
    .where('entity_id', '=', cityId)
    .orderBy('at')
    .execute();

describe('cities', () => {
  it('adds cities (201), tidies their names and lists them by name in any case, searched and paged', async () => {
    const toronto = await add('  Toronto  ');
    expect(toronto).toMatchObject({ name: 'Toronto' });
    await add('saint   John');
    await add('Montréal');
    expect(await names(supervisor)).toEqual(['Montréal', 'saint John', 'Toronto']);
    expect(await names(supervisor, '?order=-1')).toEqual(['Toronto', 'saint John', 'Montréal']);
    expect(await names(supervisor, '?search=MONT')).toEqual(['Montréal']);
    expect(await names(supervisor, '?search=%25')).toEqual([]);
    const page = (await call(supervisor, 'GET', '/city?limit=2&page=2')).body as unknown as CityList;
    expect(page).toMatchObject({ totalDocs: 3, docs: [{ name: 'Toronto' }] });
    expect(await auditOf(toronto.id)).toEqual([
      {
        action: 'CITY_CREATED',
        entity: 'city',
        before: null,
        after: { id: toronto.id, name: 'Toronto' },
        tenant_id: tenantId,
      },
    ]);
  });

  it('refuses a name the company already has, whatever its case, and writes nothing', async () => {
    const refused = await call(supervisor, 'POST', '/city', { name: 'TORONTO ' });
    expect(refused).toMatchObject({ status: 409, body: { errorCode: 'CITY_ALREADY_EXISTS' } });
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'CITY_CREATED')
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(audited.filter((row) => JSON.stringify(row.after).includes('TORONTO'))).toEqual([]);
    expect((await names(supervisor)).filter((name) => name.toLowerCase() === 'toronto')).toEqual(['Toronto']);
  });

  it('answers 400 with a code for an empty or too long name, never a 500', async () => {
    expect(await call(supervisor, 'POST', '/city', { name: '   ' })).toMatchObject({
      status: 400,
      body: { errorCode: 'IS_EMPTY' },
    });
    expect((await call(supervisor, 'POST', '/city', { name: 'x'.repeat(81) })).status).toBe(400);
    expect(await call(supervisor, 'POST', '/city', {})).toMatchObject({ status: 400, body: { errorCode: 'MISSING' } });
    expect((await call(supervisor, 'GET', '/city?limit=0')).status).toBe(400);
  });

  it('renames a city (audited before and after), refusing a name another city has', async () => {
    const city = await add('Quebec');
    const renamed = await call(supervisor, 'PATCH', `/city/${city.id}`, { name: 'Québec' });
    expect(renamed).toMatchObject({ status: 200, body: { id: city.id, name: 'Québec' } });
    const clash = await call(supervisor, 'PATCH', `/city/${city.id}`, { name: 'montréal' });
    expect(clash).toMatchObject({ status: 409, body: { errorCode: 'CITY_ALREADY_EXISTS' } });
    // A change of case of its own name is a rename, not a clash.
    expect((await call(supervisor, 'PATCH', `/city/${city.id}`, { name: 'QUÉBEC' })).body).toMatchObject({
      name: 'QUÉBEC',
    });
    expect((await auditOf(city.id)).map((row) => [row.action, row.before, row.after])).toEqual([
      ['CITY_CREATED', null, { id: city.id, name: 'Quebec' }],
      ['CITY_UPDATED', { id: city.id, name: 'Quebec' }, { id: city.id, name: 'Québec' }],
      ['CITY_UPDATED', { id: city.id, name: 'Québec' }, { id: city.id, name: 'QUÉBEC' }],
    ]);
  });

  it('deletes a city (audited); a second delete finds nothing', async () => {
    const city = await add('Gatineau');
    expect(await call(supervisor, 'DELETE', `/city/${city.id}`)).toEqual({ status: 200, body: { ok: true } });
    expect(await names(supervisor, '?search=gatineau')).toEqual([]);
    expect((await auditOf(city.id)).map((row) => row.action)).toEqual(['CITY_CREATED', 'CITY_DELETED']);
    expect(await call(supervisor, 'DELETE', `/city/${city.id}`)).toMatchObject({
      status: 404,
      body: { errorCode: 'NOT_FOUND' },
    });
  });

  it('lets users read the list but not change it', async () => {
    expect(await names(user, '?search=toronto')).toEqual(['Toronto']);
    expect((await call(user, 'POST', '/city', { name: 'Ottawa' })).status).toBe(403);
  });

  it("keeps each company to its own cities: the same name elsewhere is another city; another company's is not found", async () => {
    const mine = await add('Halifax');
    expect(await names(otherMaster)).toEqual([]);
    const theirs = await add('halifax', otherMaster);
    expect(await names(otherMaster)).toEqual(['halifax']);
    expect((await call(otherMaster, 'PATCH', `/city/${mine.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await call(otherMaster, 'DELETE', `/city/${mine.id}`)).status).toBe(404);
    expect((await call(supervisor, 'DELETE', `/city/${theirs.id}`)).status).toBe(404);
    expect(await names(supervisor, '?search=halifax')).toEqual(['Halifax']);
  });

  it("lets an administrator keep the selected company's cities, and a deleted company takes its cities along", async () => {
    const { db } = t.database;
    const admin = await logInAs(t.app, (await createUser(db, { tenantId: null, role: 'ROLE_ADMIN' })).username);
    const empty = await createTenant(db, { name: 'Only Cities Co' });
    expect((await call(admin, 'GET', `/selectTenant/${empty}`)).status).toBe(200);
    const city = await add('Moncton', admin);
    expect(await names(admin)).toEqual(['Moncton']);
    expect((await call(admin, 'GET', `/selectTenant/${tenantId}`)).status).toBe(200);
    expect(await call(admin, 'DELETE', `/tenant/${empty}`)).toEqual({ status: 200, body: { ok: true } });
    expect(await db.selectFrom('cities').select('id').where('id', '=', city.id).execute()).toEqual([]);
  });
});
