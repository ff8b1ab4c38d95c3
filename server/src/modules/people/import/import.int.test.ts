// PATCH /people/upload: every rule of a people file reported at its
// row and column, a dry run that writes nothing, the valid rows written in one transaction with
// one audit row, a re-import that updates people by external id, the company and the assigned
// buildings that bound what a file may touch, and the form's refusals as 4xx codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeopleUploadReport } from '@vestibule/shared';
import {
  assignBuildings,
  createBuilding,
  createPerson,
  createTenant,
  createUser,
} from '../../../../test/helpers/factories.ts';
import { type MultipartPart, multipartForm, pngOfSize } from '../../../../test/helpers/multipart.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../../test/helpers/test-app.ts';

let t: TestApp;
let tenantId: string;
let otherTenant: string;
/** Building Id "HQ-1": the supervisor's. */
let hq: string;
/** Building Id "AX-1": not assigned to the supervisor. */
let annex: string;
/** The other company's building, also with Building Id "HQ-1". */
let otherHq: string;
const tokens = {} as Record<'admin' | 'master' | 'supervisor' | 'user' | 'tech' | 'otherMaster', string>;

const heading =
  'First name;Last name;Building;Type;E-mail;Phone;Company;Job title;Department;External id;Duration;From;To';
const allColumns = {
  firstName: 0,
  lastName: 1,
  buildingId: 2,
  visitorType: 3,
  email: 4,
  phone: 5,
  companyName: 6,
  jobTitle: 7,
  department: 8,
  externalId: 9,
  defaultDuration: 10,
  validFrom: 11,
  validTo: 12,
};
const baseFields = { columns: allColumns, datesFormat: 'dd/MM/yyyy', firstRow: 2 };

const csvFile = (content: string | Buffer, fileName = 'people.csv'): MultipartPart => ({
  name: 'file',
  value: content,
  fileName,
  contentType: 'text/csv',
});

async function send(token: string, parts: readonly MultipartPart[], headers: Record<string, string> = {}) {
  const form = multipartForm(parts);
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/service/people/upload',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token), ...headers },
  });
  return { status: response.statusCode, body: jsonOf<Record<string, unknown>>(response) };
}

/** Uploads a file with its fields as one JSON field; answers the report (200 expected). */
async function upload(
  token: string,
  csv: string | Buffer,
  fields: object = {},
  headers: Record<string, string> = {},
): Promise<PeopleUploadReport> {
  const answer = await send(
    token,
    [csvFile(csv), { name: 'fields', value: JSON.stringify({ ...baseFields, dryRun: false, ...fields }) }],
    headers,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as PeopleUploadReport;
}

const file = (...rows: string[]) => [heading, ...rows].join('\r\n');

const peopleOf = (tenant: string) =>
  t.database.db.selectFrom('people').selectAll().where('tenant_id', '=', tenant).orderBy('last_name').execute();

const byExternalId = (tenant: string, externalId: string) =>
  t.database.db
    .selectFrom('people')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('external_id', '=', externalId)
    .executeTakeFirst();

const importAudits = (tenant: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'entity', 'entity_id', 'after', 'actor_id'])
    .where('tenant_id', '=', tenant)
    .where('action', '=', 'PEOPLE_IMPORTED')
    .orderBy('at')
    .orderBy('id')
    .execute();

async function setBuildingId(buildingId: string, externalId: string): Promise<void> {
  await t.database.db.updateTable('buildings').set({ external_id: externalId }).where('id', '=', buildingId).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  tenantId = await createTenant(db, { name: 'Import Co' });
  otherTenant = await createTenant(db, { name: 'Other Co' });
  hq = await createBuilding(db, tenantId, 'HQ');
  annex = await createBuilding(db, tenantId, 'Annex');
  otherHq = await createBuilding(db, otherTenant, 'Other HQ');
  await setBuildingId(hq, 'HQ-1');
  await setBuildingId(annex, 'AX-1');
  await setBuildingId(otherHq, 'HQ-1');
  const login = async (
    tenant: string | null,
    role: Parameters<typeof createUser>[1]['role'],
    buildings: string[] = [],
  ) => {
    const user = await createUser(db, { tenantId: tenant, role });
    if (buildings.length > 0) await assignBuildings(db, user.id, buildings);
    return logInAs(t.app, user.username);
  };
  tokens.admin = await login(tenantId, 'ROLE_ADMIN');
  tokens.master = await login(tenantId, 'ROLE_MASTER');
  tokens.supervisor = await login(tenantId, 'ROLE_SUPERVISOR', [hq]);
  tokens.user = await login(tenantId, 'ROLE_USER', [hq]);
  tokens.tech = await login(null, 'ROLE_TECH_1');
  tokens.otherMaster = await login(otherTenant, 'ROLE_MASTER');
});
afterAll(() => t.close());

describe('PATCH /people/upload: the report', () => {
  it('reports every kind of refusal at its row and column, and a dry run writes nothing', async () => {
    await createPerson(t.database.db, tenantId, annex, { externalId: 'ANNEX-7', visitorType: 'VISITOR' });
    const long = (n: number) => 'x'.repeat(n);
    const csv = file(
      'Ann;Good;HQ-1;v;ann@example.com;+1 514 555 0100;;;;;;01/01/2026;31/12/2026', // row 2: valid
      ';Lee;HQ-1;VISITOR;;;;;;;;;', // 3
      'Ann;;HQ-1;VISITOR;;;;;;;;;', // 4
      'Ann;Lee;;VISITOR;;;;;;;;;', // 5
      'Ann;Lee;NOPE;VISITOR;;;;;;;;;', // 6
      `Ann;Lee;${otherHq};VISITOR;;;;;;;;;`, // 7: another company's building
      'Ann;Lee;HQ-1;;;;;;;;;;', // 8
      'Ann;Lee;HQ-1;guest;;;;;;;;;', // 9
      `${long(65)};${long(65)};HQ-1;v;;;;;;;;;`, // 10
      'Ann;Lee;HQ-1;v;ann@;;;;;;;;', // 11
      'Ann;Lee;HQ-1;v;;call me;;;;;;;', // 12
      `Ann;Lee;HQ-1;c;;;${long(127)};;;;;;`, // 13
      `Ann;Lee;HQ-1;v;;;;${long(255)};;;;;`, // 14
      `Ann;Lee;HQ-1;v;;;;;${long(255)};;;;`, // 15
      `Ann;Lee;HQ-1;v;;;;;;${long(255)};;;`, // 16
      'Ann;Dup;HQ-1;v;;;;;;D-1;;;', // 17: valid
      'Ann;Dup;HQ-1;v;;;;;;D-1;;;', // 18
      'Ann;Lee;HQ-1;v;;;;;;;25:00;;', // 19
      'Ann;Lee;HQ-1;e;;;;;;;;;', // 20
      'Ann;Lee;HQ-1;v;;;;;;;;31/02/2026;', // 21
      'Ann;Lee;HQ-1;v;;;;;;;;;2026-01-01', // 22
      'Ann;Lee;HQ-1;v;;;;;;;;02/01/2026;01/01/2026', // 23
      'Ann;Sup;AX-1;v;;;;;;;;;', // 24: valid for a master, not for the supervisor
    );
    const before = (await peopleOf(tenantId)).length;
    const report = await upload(tokens.master, csv, { dryRun: true });
    expect(report.issues.map((issue) => [issue.row, issue.column, issue.errorCode])).toEqual([
      [3, 'firstName', 'PEOPLE_UPLOAD_MISSING_FIRST_NAME'],
      [4, 'lastName', 'PEOPLE_UPLOAD_MISSING_LAST_NAME'],
      [5, 'buildingId', 'PEOPLE_UPLOAD_MISSING_BUILDING_ID'],
      [6, 'buildingId', 'PEOPLE_UPLOAD_INVALID_BUILDING'],
      [7, 'buildingId', 'PEOPLE_UPLOAD_INVALID_BUILDING'],
      [8, 'visitorType', 'PEOPLE_UPLOAD_MISSING_VISITOR_TYPE'],
      [9, 'visitorType', 'PEOPLE_UPLOAD_INVALID_VISITOR_TYPE'],
      [10, 'firstName', 'PEOPLE_UPLOAD_TOO_LONG_FIRST_NAME'],
      [10, 'lastName', 'PEOPLE_UPLOAD_TOO_LONG_LAST_NAME'],
      [11, 'email', 'PEOPLE_UPLOAD_INVALID_EMAIL'],
      [12, 'phone', 'PEOPLE_UPLOAD_INVALID_PHONE'],
      [13, 'companyName', 'PEOPLE_UPLOAD_INVALID_COMPANY_NAME'],
      [14, 'jobTitle', 'PEOPLE_UPLOAD_INVALID_JOB_TITLE'],
      [15, 'department', 'PEOPLE_UPLOAD_INVALID_DEPARTMENT'],
      [16, 'externalId', 'PEOPLE_UPLOAD_INVALID_EXTERNAL_ID'],
      [18, 'externalId', 'PEOPLE_UPLOAD_NOT_UNIQUE_EXTERNAL_ID'],
      [19, 'defaultDuration', 'PEOPLE_UPLOAD_INVALID_DURATION'],
      [20, 'defaultDuration', 'PEOPLE_DEFAULT_DURATION_REQUIRED'],
      [21, 'validFrom', 'PEOPLE_UPLOAD_INVALID_VALID_FROM'],
      [22, 'validTo', 'PEOPLE_UPLOAD_INVALID_VALID_TO'],
      [23, 'validTo', 'PEOPLE_UPLOAD_INVALID_VALID_TO'],
    ]);
    expect(report).toMatchObject({
      dryRun: true,
      count: 3,
      created: 3,
      updated: 0,
      total: 23,
      stopped: false,
      msg: 'Rows imported: 3 of 23',
    });
    expect((await peopleOf(tenantId)).length).toBe(before);
    expect(await importAudits(tenantId)).toEqual([]);

    // The supervisor sees HQ only: the annex is no building of theirs, its person no one to update.
    const limited = await upload(tokens.supervisor, file('Ann;Sup;AX-1;v;;;;;;;;;', 'Ann;Hid;HQ-1;v;;;;;;ANNEX-7;;;'), {
      dryRun: true,
    });
    expect(limited.issues).toEqual([
      { row: 2, column: 'buildingId', errorCode: 'PEOPLE_UPLOAD_INVALID_BUILDING' },
      { row: 3, column: 'externalId', errorCode: 'PEOPLE_UPLOAD_DUPLICATED_EXTERNAL_ID' },
    ]);
    expect(limited.count).toBe(0);
  });

  it("answers the summary in the caller's language", async () => {
    const csv = file('Ann;Lee;HQ-1;v;;;;;;;;;', ';Lee;HQ-1;v;;;;;;;;;');
    expect((await upload(tokens.master, csv, { dryRun: true }, { 'accept-language': 'fr' })).msg).toBe(
      'Lignes importées : 1 sur 2',
    );
    expect((await upload(tokens.master, csv, { dryRun: true }, { 'accept-language': 'es' })).msg).toBe(
      'Filas importadas: 1 de 2',
    );
  });

  it('stops after too many errors and writes nothing, even when not a dry run', async () => {
    const before = (await peopleOf(tenantId)).length;
    const rows = ['Ok;Person;HQ-1;v;;;;;;;;;', ...Array.from({ length: 150 }, () => ';Lee;HQ-1;v;;;;;;;;;')];
    const report = await upload(tokens.master, file(...rows));
    expect(report.stopped).toBe(true);
    expect(report.issues).toHaveLength(101);
    expect(report.issues.at(-1)).toEqual({ row: 102, column: null, errorCode: 'PEOPLE_UPLOAD_TOO_MANY_ERRORS' });
    expect(report).toMatchObject({ count: 0, created: 0, updated: 0, total: 101, dryRun: false });
    expect((await peopleOf(tenantId)).length).toBe(before);
  });
});

describe('PATCH /people/upload: writing', () => {
  it('imports the valid rows with every field, one audit row for the file', async () => {
    const csv = file(
      'Grace;Import-Hopper;HQ-1;e;grace@example.com;+1 514 555 0101;;Admiral;Navy;IMP-1;7:58;01/01/2026;31/12/2026',
      'Karl;Import-Contractor;HQ-1;CONTRACTOR;;;Acme Ltd;;;IMP-2;;;',
      ';Import-Bad;HQ-1;v;;;;;;IMP-3;;;',
    );
    const report = await upload(tokens.master, csv);
    expect(report).toMatchObject({ dryRun: false, count: 2, created: 2, updated: 0, total: 3, stopped: false });
    expect(report.issues).toEqual([{ row: 4, column: 'firstName', errorCode: 'PEOPLE_UPLOAD_MISSING_FIRST_NAME' }]);
    const grace = await byExternalId(tenantId, 'IMP-1');
    expect(grace).toMatchObject({
      first_name: 'Grace',
      last_name: 'Import-Hopper',
      building_id: hq,
      visitor_type: 'EMPLOYEE',
      email: 'grace@example.com',
      phone: '+1 514 555 0101',
      job_title: 'Admiral',
      department: 'Navy',
      default_duration: 480,
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
      deactivated: false,
      pin_hash: null,
    });
    if (!grace) throw new Error('IMP-1 not imported');
    expect(grace.pass_identifier).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await byExternalId(tenantId, 'IMP-2')).toMatchObject({
      visitor_type: 'CONTRACTOR',
      company_name: 'Acme Ltd',
    });
    expect(await byExternalId(tenantId, 'IMP-3')).toBeUndefined();
    expect(await importAudits(tenantId)).toEqual([
      expect.objectContaining({ entity: 'person', entity_id: null, after: { created: 2, updated: 0, total: 3 } }),
    ]);
  });

  it('re-importing updates people by external id instead of adding them again, keeping their pass', async () => {
    const csv = (lastName: string) =>
      file(
        `Rita;${lastName};HQ-1;r;rita@example.com;;;;;RE-1;;;`,
        `Sam;${lastName};AX-1;v;;;;;;RE-2;;;`,
        `Tom;${lastName};HQ-1;v;;;;;;;;;`,
      );
    const first = await upload(tokens.master, csv('Again'));
    expect(first).toMatchObject({ created: 3, updated: 0, count: 3 });
    const rita = await byExternalId(tenantId, 'RE-1');
    if (!rita) throw new Error('RE-1 not imported');
    await t.database.db.updateTable('people').set({ deactivated: true }).where('id', '=', rita.id).execute();

    const second = await upload(tokens.master, csv('Again'), { dryRun: true });
    expect(second).toMatchObject({ dryRun: true, created: 1, updated: 2, count: 3, msg: 'Rows imported: 3 of 3' });
    const third = await upload(tokens.master, csv('Changed').replace('Sam;', 'Samuel;'));
    expect(third).toMatchObject({ dryRun: false, created: 1, updated: 2, count: 3 });

    const people = (await peopleOf(tenantId)).filter((p) => ['Again', 'Changed'].includes(p.last_name));
    // The row without an external id is added each time; the others are found again.
    expect(people.map((p) => [p.first_name, p.last_name, p.external_id]).sort()).toEqual([
      ['Rita', 'Changed', 'RE-1'],
      ['Samuel', 'Changed', 'RE-2'],
      ['Tom', 'Again', null],
      ['Tom', 'Changed', null],
    ]);
    const updated = await byExternalId(tenantId, 'RE-1');
    expect(updated).toMatchObject({
      id: rita.id,
      pass_identifier: rita.pass_identifier,
      deactivated: true,
      email: 'rita@example.com',
    });
    expect((await importAudits(tenantId)).at(-1)).toMatchObject({ after: { created: 1, updated: 2, total: 3 } });
  });

  it('leaves the columns a file does not map as they are, and gives rows the default type', async () => {
    await upload(tokens.master, file('Uma;Keep;HQ-1;e;uma@example.com;555 0102;;Chef;Kitchen;KEEP-1;1:00;01/02/2026;'));
    const columns = { firstName: 0, lastName: 1, buildingId: 2, externalId: 3 };
    const report = await upload(tokens.master, 'first;last;building;id\r\nUma;Kept;AX-1;KEEP-1\r\n', {
      columns,
      visitorType: 'EMPLOYEE',
    });
    expect(report).toMatchObject({ created: 0, updated: 1, issues: [] });
    expect(await byExternalId(tenantId, 'KEEP-1')).toMatchObject({
      last_name: 'Kept',
      building_id: annex,
      visitor_type: 'EMPLOYEE',
      email: 'uma@example.com',
      phone: '555 0102',
      job_title: 'Chef',
      default_duration: 60,
      valid_from: '2026-02-01',
    });
  });

  it('places rows without a building in the chosen one, finds a building by its name, gives employees the default duration', async () => {
    const columns = { firstName: 0, lastName: 1, buildingId: 2, visitorType: 3, externalId: 4 };
    const csv = [
      'first;last;building;type;id',
      'Wes;Default;;e;DEF-1',
      'Xia;Named; annex ;v;DEF-2',
      `Yan;ById;${hq};e;DEF-3`,
    ];
    const report = await upload(tokens.master, csv.join('\r\n'), { columns, buildingId: 'AX-1', defaultDuration: 45 });
    expect(report).toMatchObject({ created: 3, updated: 0, issues: [] });
    expect(await byExternalId(tenantId, 'DEF-1')).toMatchObject({ building_id: annex, default_duration: 45 });
    // A visitor has no default duration to take.
    expect(await byExternalId(tenantId, 'DEF-2')).toMatchObject({ building_id: annex, default_duration: null });
    expect(await byExternalId(tenantId, 'DEF-3')).toMatchObject({ building_id: hq, default_duration: 45 });

    // No building column at all: every row in the building the upload names (here by its name).
    const named = await upload(tokens.master, 'first;last;id\r\nZed;Placed;DEF-4\r\n', {
      columns: { firstName: 0, lastName: 1, externalId: 2 },
      visitorType: 'VISITOR',
      buildingId: 'hq',
    });
    expect(named).toMatchObject({ created: 1, issues: [] });
    expect(await byExternalId(tenantId, 'DEF-4')).toMatchObject({ building_id: hq, visitor_type: 'VISITOR' });

    // A building the caller does not see places nobody: the upload is refused and writes nothing.
    const before = await peopleOf(tenantId);
    const refused = await send(tokens.supervisor, [
      csvFile('first;last;id\r\nAnn;Elsewhere;DEF-5\r\n'),
      {
        name: 'fields',
        value: JSON.stringify({
          ...baseFields,
          columns: { firstName: 0, lastName: 1, externalId: 2 },
          visitorType: 'VISITOR',
          buildingId: 'AX-1',
          dryRun: false,
        }),
      },
    ]);
    expect(refused).toMatchObject({
      status: 400,
      body: { errorCode: 'PEOPLE_UPLOAD_UNKNOWN_BUILDING', params: { field: 'buildingId' } },
    });
    expect(await peopleOf(tenantId)).toEqual(before);
  });

  it('lets a supervisor import into their buildings and update only people they see', async () => {
    const report = await upload(tokens.supervisor, file('Vic;Supervised;HQ-1;v;;;;;;SUP-1;;;'));
    expect(report).toMatchObject({ created: 1, count: 1, issues: [] });
    const annexPerson = await byExternalId(tenantId, 'ANNEX-7');
    const refused = await upload(tokens.supervisor, file('Moved;Here;HQ-1;v;;;;;;ANNEX-7;;;'));
    expect(refused).toMatchObject({
      count: 0,
      issues: [{ row: 2, errorCode: 'PEOPLE_UPLOAD_DUPLICATED_EXTERNAL_ID' }],
    });
    expect(await byExternalId(tenantId, 'ANNEX-7')).toEqual(annexPerson);
  });

  it("never touches another company's people or buildings", async () => {
    const ours = await byExternalId(tenantId, 'IMP-1');
    // Same Building Id and external id in the other company: their own building, a new person there.
    const report = await upload(
      tokens.otherMaster,
      file('Other;Person;HQ-1;e;;;;;;IMP-1;8:00;;', `X;Y;${hq};v;;;;;;;;;`),
    );
    expect(report).toMatchObject({ created: 1, updated: 0 });
    expect(report.issues).toEqual([{ row: 3, column: 'buildingId', errorCode: 'PEOPLE_UPLOAD_INVALID_BUILDING' }]);
    expect(await byExternalId(otherTenant, 'IMP-1')).toMatchObject({ first_name: 'Other', building_id: otherHq });
    expect(await byExternalId(tenantId, 'IMP-1')).toEqual(ours);
    // Naming our company in the form does not let them in.
    const intruding = await send(tokens.otherMaster, [
      csvFile(file('Other;Person;HQ-1;v;;;;;;;;;')),
      { name: 'fields', value: JSON.stringify({ ...baseFields, dryRun: false }) },
      { name: 'tenantId', value: tenantId },
    ]);
    expect(intruding).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND' } });
    // An administrator may name a company (as with the company header).
    const asAdmin = await send(tokens.admin, [
      csvFile(file('Admin;Chosen;HQ-1;v;;;;;;ADM-1;;;')),
      { name: 'fields', value: JSON.stringify({ ...baseFields, dryRun: false }) },
      { name: 'tenantId', value: otherTenant },
    ]);
    expect(asAdmin).toMatchObject({ status: 200, body: { created: 1 } });
    expect(await byExternalId(otherTenant, 'ADM-1')).toMatchObject({ building_id: otherHq });
    expect(await byExternalId(tenantId, 'ADM-1')).toBeUndefined();
    const sameTenant = await send(tokens.master, [
      csvFile(file('Same;Tenant;HQ-1;v;;;;;;;;;')),
      { name: 'fields', value: JSON.stringify({ ...baseFields, dryRun: true }) },
      { name: 'tenantId', value: tenantId },
    ]);
    expect(sameTenant).toMatchObject({ status: 200, body: { count: 1 } });
  });
});

describe('PATCH /people/upload: the file', () => {
  it('reads a Windows-1252 file with a comma, quoted newlines and separate form fields', async () => {
    const text = 'Prénom,Nom,Bâtiment,Poste\r\n"Hélène","Dubé-Müller",HQ-1,"Chef\r\nde projet, senior"\r\n';
    const latin1 = Buffer.from(text, 'latin1');
    const answer = await send(tokens.master, [
      { name: 'columns', value: JSON.stringify({ firstName: 0, lastName: 1, buildingId: 2, jobTitle: 3 }) },
      { name: 'datesFormat', value: 'yyyy-MM-dd' },
      { name: 'visitorType', value: 'RESIDENT' },
      { name: 'firstRow', value: '2' },
      { name: 'dryRun', value: 'false' },
      csvFile(latin1, 'people.CSV'),
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ created: 1, total: 1, issues: [] });
    const [helene] = (await peopleOf(tenantId)).filter((p) => p.first_name === 'Hélène');
    expect(helene).toMatchObject({
      last_name: 'Dubé-Müller',
      visitor_type: 'RESIDENT',
      job_title: 'Chef\r\nde projet, senior',
    });
  });

  it('reads a UTF-8 file with a BOM and semicolons', async () => {
    const csv = Buffer.from(`\uFEFF${file('Zoë;Ångström;HQ-1;v;;;;;;;;;')}`, 'utf8');
    const report = await upload(tokens.master, csv, { dryRun: true });
    expect(report).toMatchObject({ count: 1, total: 1, issues: [] });
  });

  it('refuses the form with its own codes: no file, not CSV, too big, not multipart', async () => {
    const fields = { name: 'fields', value: JSON.stringify({ ...baseFields, dryRun: true }) };
    expect(await send(tokens.master, [fields])).toMatchObject({
      status: 400,
      body: { errorCode: 'MISSING', params: { field: 'file' } },
    });
    const png = { name: 'file', value: pngOfSize(100), fileName: 'logo.png', contentType: 'image/png' };
    expect(await send(tokens.master, [png, fields])).toMatchObject({
      status: 415,
      body: { errorCode: 'PEOPLE_UPLOAD_INVALID_FILE' },
    });
    const renamed = { ...png, fileName: 'people.csv', contentType: 'text/csv' };
    expect(await send(tokens.master, [renamed, fields])).toMatchObject({
      status: 415,
      body: { errorCode: 'PEOPLE_UPLOAD_INVALID_FILE' },
    });
    const xlsx = {
      name: 'file',
      value: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
      fileName: 'people.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
    expect(await send(tokens.master, [xlsx, fields])).toMatchObject({
      status: 415,
      body: { errorCode: 'PEOPLE_UPLOAD_INVALID_FILE' },
    });
    const unclosed = csvFile(file('"Ann;Lee;HQ-1;v;;;;;;;;;'));
    expect(await send(tokens.master, [unclosed, fields])).toMatchObject({
      status: 415,
      body: { errorCode: 'PEOPLE_UPLOAD_INVALID_FILE' },
    });
    const big = csvFile(Buffer.alloc(5_000_001, 0x61));
    expect(await send(tokens.master, [fields, big])).toMatchObject({
      status: 413,
      body: { errorCode: 'PEOPLE_UPLOAD_FILE_TOO_BIG' },
    });
    const json = await t.app.inject({
      method: 'PATCH',
      url: '/service/people/upload',
      payload: { file: 'a,b' },
      headers: bearer(tokens.master),
    });
    expect(json.statusCode).toBe(415);
    expect(jsonOf(json).errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it("says a people file's own limits in the caller's language, never the logo's", async () => {
    const fields = { name: 'fields', value: JSON.stringify({ ...baseFields, dryRun: true }) };
    const big = csvFile(Buffer.alloc(5_000_001, 0x61));
    const binary = { name: 'file', value: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]), fileName: 'people.csv' };
    const cases: [string, MultipartPart, string][] = [
      ['en', big, 'The file is too big: a people file can be at most 5 MB.'],
      ['fr', big, 'Le fichier est trop volumineux : un fichier de personnes fait au plus 5 Mo.'],
      ['es', big, 'El archivo es demasiado grande: un archivo de personas puede ocupar como máximo 5 MB.'],
      [
        'en',
        binary,
        'The file cannot be read as CSV: save the spreadsheet as CSV (commas or semicolons between the columns) and choose that file.',
      ],
      [
        'fr',
        binary,
        'Le fichier ne peut pas être lu comme un CSV : enregistrez le tableur au format CSV (colonnes séparées par des virgules ou des points-virgules) et choisissez ce fichier.',
      ],
      [
        'es',
        binary,
        'El archivo no se puede leer como CSV: guarde la hoja de cálculo en formato CSV (columnas separadas por comas o por puntos y comas) y elija ese archivo.',
      ],
    ];
    for (const [language, part, msg] of cases) {
      const answer = await send(tokens.master, [fields, part], { 'accept-language': language });
      expect(answer.body.msg, language).toBe(msg);
      expect(String(answer.body.msg)).not.toMatch(/2 M|PNG/);
    }
  });

  it('refuses a broken form with 400 MALFORMED_MULTIPART and writes nobody', async () => {
    const before = (await peopleOf(tenantId)).length;
    const whole = multipartForm([
      { name: 'fields', value: JSON.stringify({ ...baseFields, dryRun: false }) },
      csvFile(file('Broken;Form;HQ-1;v;;;;;;;;;')),
    ]);
    const contentType = whole.headers['content-type'];
    const broken: [string, Buffer, string][] = [
      ['no boundary', whole.payload, 'multipart/form-data'],
      ['empty, no boundary', Buffer.alloc(0), 'multipart/form-data'],
      // Every part arrives whole; the form never reaches its closing boundary.
      ['closing "--" missing', whole.payload.subarray(0, whole.payload.length - 4), contentType],
      ['cut inside the file', whole.payload.subarray(0, whole.payload.length - 60), contentType],
      ['cut inside the fields', whole.payload.subarray(0, 80), contentType],
    ];
    for (const [label, payload, type] of broken) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/service/people/upload',
        payload,
        headers: { 'content-type': type, ...bearer(tokens.master) },
      });
      expect(response.statusCode, label).toBe(400);
      expect(jsonOf(response).errorCode, label).toBe('MALFORMED_MULTIPART');
    }
    expect((await peopleOf(tenantId)).length).toBe(before);
    expect((await peopleOf(tenantId)).some((person) => person.last_name === 'Form')).toBe(false);
  });

  it('takes a file of exactly 5 MB', async () => {
    const row = 'Big;File;HQ-1;v;;;;;;;;;\r\n';
    const head = `${heading}\r\n`;
    const padding = 5_000_000 - head.length;
    const body = head + row.repeat(Math.floor(padding / row.length));
    const exact = body + ' '.repeat(5_000_000 - body.length);
    expect(Buffer.byteLength(exact)).toBe(5_000_000);
    const report = await upload(tokens.master, exact, { dryRun: true });
    expect(report.stopped).toBe(false);
    expect(report.total).toBeGreaterThan(100_000);
  });

  it('refuses bad fields with 400s naming them', async () => {
    const csv = csvFile(file('Ann;Lee;HQ-1;v;;;;;;;;;'));
    const fields = (value: object | string) => ({
      name: 'fields',
      value: typeof value === 'string' ? value : JSON.stringify(value),
    });
    const cases: [MultipartPart[], string, string][] = [
      [[csv], 'MISSING', 'columns'],
      [[csv, fields('{oops')], 'MALFORMED_JSON', 'fields'],
      [[csv, fields({ ...baseFields, datesFormat: 'yy/MM/dd' })], 'VALIDATION_FAILED', 'datesFormat'],
      [[csv, fields({ ...baseFields, firstRow: 0 })], 'VALIDATION_FAILED', 'firstRow'],
      [[csv, fields({ ...baseFields, dryRun: 'maybe' })], 'VALIDATION_FAILED', 'dryRun'],
      [[csv, fields({ ...baseFields, columns: { firstName: 'A' } })], 'VALIDATION_FAILED', 'columns.firstName'],
      [[csv, fields(baseFields), { name: 'tenantId', value: 'not-an-id' }], 'ID_MALFORMED', 'tenantId'],
      [[csv, csvFile('a'), fields(baseFields)], 'VALIDATION_FAILED', 'file'],
      [[{ ...csv, name: 'upload' }, fields(baseFields)], 'VALIDATION_FAILED', 'upload'],
    ];
    for (const [parts, errorCode, field] of cases) {
      const answer = await send(tokens.master, parts);
      expect(answer.status, `${errorCode} ${field}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.errorCode).toBe(errorCode);
      expect(answer.body.params).toMatchObject({ field });
    }
    const missing = await send(tokens.master, [csv, fields({ ...baseFields, columns: { firstName: 0 } })]);
    expect(missing).toMatchObject({ status: 400, body: { errorCode: 'PEOPLE_UPLOAD_MISSING_COLUMNS' } });
    // The message names the missing columns only, in the request's language.
    expect(missing.body).toMatchObject({
      msg: 'Required columns are missing: Last name, Building id, Type.',
      params: { columns: 'Last name, Building id, Type' },
    });
    const withType = await send(
      tokens.master,
      [csv, fields({ ...baseFields, visitorType: 'VISITOR', columns: { firstName: 0, lastName: 1 } })],
      { 'accept-language': 'fr' },
    );
    expect(withType.body).toMatchObject({
      errorCode: 'PEOPLE_UPLOAD_MISSING_COLUMNS',
      msg: 'Des colonnes obligatoires manquent : Identifiant du bâtiment.',
    });
  });

  it('lets administrators, corporate users and supervisors import; refuses users and technical users', async () => {
    const parts = [
      csvFile(file('Ann;Lee;HQ-1;v;;;;;;;;;')),
      { name: 'fields', value: JSON.stringify({ ...baseFields, dryRun: true }) },
    ];
    for (const role of ['admin', 'master', 'supervisor'] as const) {
      expect((await send(tokens[role], parts)).status, role).toBe(200);
    }
    for (const role of ['user', 'tech'] as const) {
      expect(await send(tokens[role], parts), role).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
    }
    const anonymous = multipartForm(parts);
    const response = await t.app.inject({ method: 'PATCH', url: '/service/people/upload', ...anonymous });
    expect(response.statusCode).toBe(401);
  });
});
