// The audit log on the Logs screen: an administrator finds a change made through the
// API, in words, filters the log by user and by action, and reads the changed field before and
// after; any other role is refused the screen and the call.
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly } from './harness/i18n.ts';
import { currentPath } from './harness/navigation.ts';
import { signedIn } from './harness/service.ts';
import { LOGS_PATH, LogsPage } from './pages/LogsPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { AccessDeniedPage } from './pages/StatusPages.ts';

const session = useBrowser();
const poll = { timeout: UI_TIMEOUT_MS };

/** One run's building, renamed: unique names, so a kept data folder never mixes runs. */
const suffix = Date.now().toString(36);
const oldName = `Audit House ${suffix}`;
const newName = `Audit Hall ${suffix}`;
const address = {
  address1: '3 Ledger Lane',
  city: 'Ottawa',
  zip: 'K1A 0B1',
  state: 'ON',
  countryCode: 'CA',
  pinCode: '4321',
};

describe('audit log', () => {
  test('an admin finds a building renamed through the API, filters by user and action, and reads the change', async () => {
    await (await LoginPage.open(session.page)).signInAs(demoUsers.admin);

    // Someone else acts first (the master's sign-in), then the admin adds a building and renames it.
    await signedIn(session.baseUrl, demoUsers.master.username);
    const admin = await signedIn(session.baseUrl, demoUsers.admin.username);
    const building = await admin.call('POST /building', { body: { name: oldName, ...address } });
    await admin.call('PATCH /building/:id', { params: { id: building.id }, body: { name: newName, ...address } });

    const logs = await LogsPage.open(session.page);
    const renamed = logs.actionLabel('BUILDING_UPDATED');
    // Newest first: the rename, in words, by the admin, on a building; its code at hand for support.
    const newest = logs.rows.first();
    expect(await logs.cells(newest)).toMatchObject({
      who: demoUsers.admin.username,
      actingAs: '',
      action: renamed,
      entity: logs.entityLabel('building'),
    });
    expect(await logs.actionButton(newest).getAttribute('title')).toBe('BUILDING_UPDATED');
    expect(await logs.column('action')).toContain(logs.actionLabel('BUILDING_CREATED'));
    expect(await logs.column('who')).toContain(demoUsers.master.username);

    // By user: only the admin's entries remain.
    await logs.filterByUser(demoUsers.admin.username);
    await expect.poll(async () => new Set(await logs.column('who')), poll).toEqual(new Set([demoUsers.admin.username]));

    // By action, picked by its words: only renames remain, the admin's one among them.
    await logs.filterByAction('BUILDING_UPDATED');
    expect(await logs.actionFilter.inputValue()).toBe(renamed);
    await expect.poll(async () => new Set(await logs.column('action')), poll).toEqual(new Set([renamed]));
    expect(new Set(await logs.column('who'))).toEqual(new Set([demoUsers.admin.username]));

    // The row's details: the action's code, the building, and its name before and after.
    const details = await logs.openDetails(logs.rows.first());
    const summary = await logs.fieldValues(details);
    expect(summary).toContainEqual([logs.label('logs.audit.actionCode'), 'BUILDING_UPDATED']);
    expect(summary).toContainEqual([logs.label('logs.audit.entityId'), building.id]);
    expect(await logs.fieldValues(logs.side(details, 'before'))).toContainEqual(['name', oldName]);
    expect(await logs.fieldValues(logs.side(details, 'after'))).toContainEqual(['name', newName]);
    await expectNoAxeViolations(session.page, 'the audit log, filtered, with a row open');
  });

  test('a master is refused the Logs screen and the audit log call', async () => {
    const shell = await (await LoginPage.open(session.page)).signInAs(demoUsers.master);
    await session.page.goto(LOGS_PATH);
    await shell.waitUntilSignedIn(demoUsers.master.username);
    await new AccessDeniedPage(session.page).waitUntilShown();
    // The address stays: the page says why it cannot be shown, it does not redirect.
    expect(currentPath(session.page)).toBe(LOGS_PATH);
    const logs = new LogsPage(session.page);
    expect(await logs.table.count()).toBe(0);
    expect(await session.page.getByRole('heading', { name: exactly(logs.label('pages.logs.title')) }).count()).toBe(0);

    const master = await signedIn(session.baseUrl, demoUsers.master.username);
    await expect(master.call('GET /auditLog', { query: {} })).rejects.toMatchObject({ status: 403 });
  });
});
