// The people directory in the browser: a CSV of 200 people with 3 bad rows is
// checked (the report names exactly those rows), imported, fixed and imported again (by
// external id: 3 new, 197 updated, no duplicates); a person's pass is e-mailed from the list and
// arrives at the run's SMTP server with their personal link.
// Axe scans the list and the pass dialog.
import type { ApiClient } from '@vestibule/shared/api';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { mailsTo } from './harness/mailbox.ts';
import { signedIn } from './harness/service.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { type CsvFile, PeoplePage } from './pages/PeoplePage.ts';

const session = useBrowser();
const master = demoUsers.master;
/** The outbox is sent every 10 s by the server's background job. */
const MAIL_TIMEOUT_MS = 45_000;
const PEOPLE = 200;
/** 0-based indexes of the data rows made bad; the report numbers rows from the heading row (1). */
const BAD = { lastName: 17, email: 88, building: 153 } as const;

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const en = (key: string) => text('en', key);

async function masterApi(): Promise<ApiClient> {
  return signedIn(session.baseUrl, master.username);
}

/** Demo HQ, named in the file by its id (adding a building would spend the company's building licences). */
async function demoBuilding(api: ApiClient): Promise<{ id: string; externalId: string }> {
  const { docs } = await api.call('GET /building', { query: { search: 'Demo HQ' } });
  const building = docs.find((candidate) => candidate.name === 'Demo HQ');
  if (!building) throw new Error('The demo data has no Demo HQ');
  return { id: building.id, externalId: building.id };
}

/** The people file: headings as people.csv names them (so the wizard maps them), 200 rows. */
function peopleCsv(buildingExternalId: string, withBadRows: boolean): CsvFile {
  const headings = ['firstName', 'lastName', 'buildingId', 'visitorType', 'email', 'externalId'].map((column) =>
    en(`csv.people.${column}`),
  );
  const lines = [headings.join(',')];
  for (let index = 0; index < PEOPLE; index += 1) {
    const n = String(index).padStart(3, '0');
    let lastName = `Importer${suffix}n${n}`;
    let email = `import.${n}.${suffix}@example.test`;
    let building = buildingExternalId;
    if (withBadRows && index === BAD.lastName) lastName = '';
    if (withBadRows && index === BAD.email) email = `not-an-email-${n}`;
    if (withBadRows && index === BAD.building) building = `no-such-building-${suffix}`;
    lines.push([`Ada${n}`, lastName, building, 'VISITOR', email, `ext-${suffix}-${n}`].join(','));
  }
  return { name: `people-${suffix}.csv`, content: `${lines.join('\n')}\n` };
}

async function peopleWithSuffix(api: ApiClient): Promise<number> {
  const list = await api.call('GET /people', { query: { search: `ext-${suffix}`, limit: 1 } });
  return list.totalDocs;
}

describe('people directory', () => {
  test(
    'a CSV with 3 bad rows: the report names them, the rest imports, the fixed file updates by external id',
    {
      timeout: 180_000,
    },
    async () => {
      const api = await masterApi();
      const building = await demoBuilding(api);

      await (await LoginPage.open(session.page)).signInAs(master);
      const people = await PeoplePage.open(session.page);
      await expectNoAxeViolations(session.page, 'the people list');

      await people.chooseFile(peopleCsv(building.externalId, true));
      await people.check({ count: PEOPLE - 3, total: PEOPLE, created: PEOPLE - 3, updated: 0 });
      expect(await people.reportedRows()).toEqual([BAD.lastName + 2, BAD.email + 2, BAD.building + 2]);
      await people.importAndClose({ count: PEOPLE - 3, total: PEOPLE, created: PEOPLE - 3, updated: 0 });
      await expect.poll(() => peopleWithSuffix(api)).toBe(PEOPLE - 3);

      await people.chooseFile(peopleCsv(building.externalId, false));
      await people.check({ count: PEOPLE, total: PEOPLE, created: 3, updated: PEOPLE - 3 });
      await people.report.getByText(exactly(en('people.upload.noIssues'))).waitFor();
      await people.importAndClose({ count: PEOPLE, total: PEOPLE, created: 3, updated: PEOPLE - 3 });
      await expect.poll(() => peopleWithSuffix(api)).toBe(PEOPLE);
    },
  );

  test('a pass sent from the list arrives by e-mail with the personal link', { timeout: 120_000 }, async () => {
    const api = await masterApi();
    const building = await demoBuilding(api);
    const email = `pass.${suffix}@example.test`;
    const person = await api.call('POST /person', {
      body: {
        firstName: 'Paula',
        lastName: `Passholder${suffix}`,
        email,
        visitorType: 'VISITOR',
        buildingId: building.id,
      },
    });
    const { link } = await api.call('GET /person/:id/pass', { params: { id: person.id } });
    const name = `${person.firstName} ${person.lastName}`;

    await (await LoginPage.open(session.page)).signInAs(master);
    const people = await PeoplePage.open(session.page);
    await people.search.fill(person.lastName);
    const dialog = await people.openPass(name);
    await expectNoAxeViolations(session.page, 'the pass dialog');

    await people.button(dialog, 'people.pass.sendPass').click();
    await people.notice('people.passSent', { email }).waitFor();

    await expect
      .poll(async () => (await mailsTo(email)).some((mail) => mail.text.includes(link)), { timeout: MAIL_TIMEOUT_MS })
      .toBe(true);
  });
});
