// Reports as a manager reads them on a Monday, on the demo's history: a master opens last month's
// building report, reads the peak day from the day table beside the chart, and finds the same
// figure in the table's CSV file; the attendance report for one department; and an administrator's
// self-test run from the Tests page to its figures. Only what a browser shows is here (the
// figures themselves are proven against hand-made data by the server's tests); axe in en, fr, es.
import { readFile } from 'node:fs/promises';
import { periodDays, presetPeriod } from '@vestibule/shared';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { waitForPath } from './harness/navigation.ts';
import { signedIn } from './harness/service.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { ShellPage } from './pages/ShellPage.ts';

const session = useBrowser();
const poll = { timeout: 20_000 };

/** Demo HQ's id, as the master's session lists it (other scenarios add buildings beside it). */
async function demoHqId(): Promise<string> {
  const api = await signedIn(session.baseUrl, demoUsers.master.username);
  const { buildings } = await api.call('GET /selectTenant');
  const building = buildings.find((candidate) => candidate.name === 'Demo HQ');
  if (!building) throw new Error('The master sees no Demo HQ');
  return building.id;
}

async function signIn(user: keyof typeof demoUsers): Promise<ShellPage> {
  const login = await LoginPage.open(session.page);
  await login.submitCredentials(demoUsers[user].username);
  await waitForPath(session.page, demoUsers[user].home);
  const shell = new ShellPage(session.page);
  await shell.waitUntilSignedIn(demoUsers[user].username);
  return shell;
}

/** The cells of a table's body rows, as the screen shows them. */
async function bodyRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    );
}

/** The column index of a heading in a table's head. */
async function columnOf(table: Locator, heading: string): Promise<number> {
  const headings = await table.locator('thead th').allInnerTexts();
  const index = headings.map((cell) => cell.trim()).indexOf(heading);
  if (index < 0) throw new Error(`No column "${heading}" in ${headings.join(' | ')}`);
  return index;
}

describe('reports', () => {
  test("a master reads last month's peak day at Demo HQ from the day table and finds it in the table's CSV", async () => {
    const shell = await signIn('master');
    const menu = await shell.openMenu('reports');
    await menu.getByRole('menuitem', { name: exactly(text('en', 'shell.menu.buildingReports')) }).click();
    await waitForPath(session.page, '/building-reports');
    // Demo HQ alone (the report opens on the favourite or first building; other scenarios add some).
    await session.page.goto(`/building-reports?b=${await demoHqId()}`);
    await session.page.getByRole('textbox', { name: exactly(text('en', 'reports.period.label')) }).click();
    await session.page.getByRole('option', { name: exactly(text('en', 'reports.period.presets.lastMonth')) }).click();

    const caption = text('en', 'buildingReport.daily.caption', { building: 'Demo HQ' });
    const days = session.page.getByRole('table', { name: exactly(caption) });
    // Last month's days, first to last (the report first drawn is the default period's).
    const local = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    const lastMonth = periodDays(presetPeriod('lastMonth', local));
    await expect.poll(async () => (await bodyRows(days)).map((row) => row[0]), poll).toEqual(lastMonth);
    const rows = await bodyRows(days);
    const peakColumn = await columnOf(days, text('en', 'buildingReport.daily.peak'));
    const peaks = rows.map((row) => Number(row[peakColumn]));
    const highest = Math.max(...peaks);
    const peakDay = rows[peaks.indexOf(highest)]![0]!;
    // The demo's history has weekday rushes: last month's highest peak is well above a quiet day's.
    expect(highest).toBeGreaterThan(10);
    const figures = session.page.getByRole('table', { name: exactly(text('en', 'buildingReport.figures.title')) });
    const highestRow = (await bodyRows(figures)).find(
      (row) => row[0] === text('en', 'buildingReport.figures.busiestDay'),
    );
    expect(highestRow![1]).toContain(String(highest));

    const [download] = await Promise.all([
      session.page.waitForEvent('download'),
      session.page.getByRole('button', { name: exactly(`${text('en', 'reports.csv')}: ${caption}`) }).click(),
    ]);
    const csv = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const headings = csv[0]!.split(',');
    // The day table and its file both write days as yyyy-MM-dd.
    const line = csv.find((row) => row.startsWith(`${peakDay},`));
    expect(line).toBeDefined();
    expect(line!.split(',')[headings.indexOf(text('en', 'buildingReport.daily.peak'))]).toBe(String(highest));

    await expectNoAxeViolations(session.page, 'the building report (en)');
    for (const locale of ['fr', 'es'] as const) {
      await shell.switchLanguage(locale);
      await session.page
        .getByRole('table', { name: exactly(text(locale, 'buildingReport.daily.caption', { building: 'Demo HQ' })) })
        .waitFor();
      await expectNoAxeViolations(session.page, `the building report (${locale})`);
    }
  });

  test('a master reads the attendance of one department, each person opening their visits', async () => {
    await signIn('master');
    await session.page.goto(`/absence-reports?b=${await demoHqId()}&preset=lastMonth`);
    const department = session.page.getByRole('textbox', {
      name: exactly(text('en', 'entryReports.absence.department')),
    });
    await department.click();
    await session.page.getByRole('option', { name: exactly('Engineering') }).click();
    const people = session.page.getByRole('table', { name: /^People, \d+ in all$/ });
    await expect
      .poll(async () => new Set((await bodyRows(people)).map((row) => row[1])), poll)
      .toEqual(new Set(['Engineering']));
    const rows = await bodyRows(people);
    const rateColumn = await columnOf(people, text('en', 'entryReports.absence.columns.rate'));
    // The demo's employees come in three or four days a week: nobody is there every working day.
    for (const row of rows) expect(Number.parseFloat(row[rateColumn]!)).toBeLessThan(100);
    await expectNoAxeViolations(session.page, 'the attendance report');

    const first = rows[0]![0]!;
    await people
      .getByRole('button', { name: exactly(text('en', 'entryReports.absence.openPerson', { name: first })) })
      .click();
    const dialog = session.page.getByRole('dialog', {
      name: exactly(text('en', 'entryReports.visits.personTitle', { name: first })),
    });
    await expect.poll(async () => (await bodyRows(dialog.getByRole('table'))).length, poll).toBeGreaterThan(0);
  });

  test('an administrator runs a small self-test from the Tests page and reads its figures', async () => {
    await signIn('admin');
    await session.page.goto('/admin/tests');
    await session.page.getByRole('textbox', { name: exactly(text('en', 'operations.selfTest.count')) }).fill('10');
    await session.page.getByRole('textbox', { name: exactly(text('en', 'operations.selfTest.duration')) }).fill('2');
    await session.page.getByRole('button', { name: exactly(text('en', 'operations.selfTest.run')) }).click();
    const figures = session.page.getByRole('table', { name: exactly(text('en', 'operations.selfTest.figures')) });
    await figures.waitFor({ timeout: 30_000 });
    const values = Object.fromEntries((await bodyRows(figures)).map(([label, value]) => [label, value]));
    expect(values[text('en', 'operations.selfTest.errors')]).toBe('0');
    expect(Number(values[text('en', 'operations.selfTest.operations')])).toBeGreaterThanOrEqual(10);
    await expectNoAxeViolations(session.page, 'the Tests page after a run');
  });
});
