// The company belongs to the tab: one admin, two tabs of one browser (sharing its
// storage and its session), each working in another company at the same time.
import { describe, expect, test } from 'vitest';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { DEMO_TENANT, OTHER_TENANT, demoUsers } from './harness/demo-users.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { QuestionnairesPage } from './pages/QuestionnairesPage.ts';
import { ShellPage } from './pages/ShellPage.ts';

const session = useBrowser();
const admin = demoUsers.admin;
const poll = { timeout: UI_TIMEOUT_MS };

describe('two tabs, two companies', () => {
  test('each tab creates a questionnaire in its own company and lists only that company', async () => {
    const first = session.page;
    const firstShell = await (await LoginPage.open(first)).signInAs(admin);
    await firstShell.tenantButtonFor(DEMO_TENANT).waitFor();

    // A second tab of the same browser is signed in too, and switches to the other company.
    const second = await first.context().newPage();
    await second.goto('/');
    const secondShell = new ShellPage(second);
    await secondShell.waitUntilSignedIn(admin.username);
    const dialog = await secondShell.openTenantSelector();
    await dialog.chooseWithKeyboard(OTHER_TENANT);
    await secondShell.tenantButtonFor(OTHER_TENANT).waitFor();

    const suffix = Date.now().toString(36);
    const names = { first: `Demo tab ${suffix}`, second: `Northwind tab ${suffix}` };
    // The first tab never followed the second's choice.
    const firstScreen = await QuestionnairesPage.open(first);
    expect((await firstShell.tenantButton.innerText()).trim()).toBe(DEMO_TENANT);
    await firstScreen.create(names.first, 'Made in the first tab');
    const secondScreen = await QuestionnairesPage.open(second);
    await secondScreen.create(names.second, 'Made in the second tab');

    // Each tab's list holds its own questionnaire and not the other's.
    for (const [screen, own, other] of [
      [await QuestionnairesPage.open(first), names.first, names.second],
      [await QuestionnairesPage.open(second), names.second, names.first],
    ] as const) {
      await screen.row(own).waitFor();
      await screen.search(other);
      await expect.poll(() => screen.row(other).count(), poll).toBe(0);
    }
    expect((await firstShell.tenantButton.innerText()).trim()).toBe(DEMO_TENANT);
    expect((await secondShell.tenantButton.innerText()).trim()).toBe(OTHER_TENANT);
  });

  test('switching company reloads the screen: the list shows the new company right away', async () => {
    const page = session.page;
    const shell = await (await LoginPage.open(page)).signInAs(admin);
    const name = `Only in Demo ${Date.now().toString(36)}`;
    const screen = await QuestionnairesPage.open(page);
    await screen.create(name, 'A Demo Corp questionnaire');
    const list = await QuestionnairesPage.open(page);
    await list.row(name).waitFor();
    const dialog = await shell.openTenantSelector();
    await dialog.chooseWithKeyboard(OTHER_TENANT);
    await shell.tenantButtonFor(OTHER_TENANT).waitFor();
    await list.waitForList();
    await expect.poll(() => list.row(name).count(), poll).toBe(0);
  });
});
