// Each demo user signs in and sees exactly the toolbar of its role (docs/roles.md,
// "Screens and areas"), on the page its role lands on.
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { demoUsers, expectedNavigation, type DemoUser } from './harness/demo-users.ts';
import { text } from './harness/i18n.ts';
import { currentPath } from './harness/navigation.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { USERS_PATH, UsersPage } from './pages/UsersPage.ts';

const session = useBrowser();
const menuLabels = (keys: readonly string[]): string[] => keys.map((key) => text('en', `shell.menu.${key}`));

/** The page the user lands on: technical users the users screen, read only; the others the entry log. */
async function expectLandingScreen(user: DemoUser): Promise<void> {
  if (user.home === USERS_PATH) {
    const users = new UsersPage(session.page);
    await users.waitUntilShown();
    expect(await session.page.getByRole('button', { name: text('en', 'users.list.add') }).count()).toBe(0);
    return;
  }
  await session.page
    .getByRole('heading', { level: 1, name: text('en', 'pages.checkInOut.title') })
    .waitFor({ timeout: UI_TIMEOUT_MS });
}

describe.each(Object.values(demoUsers))('$username ($role)', (user) => {
  test(`lands on ${user.home} and sees exactly its menus`, async () => {
    const shell = await (await LoginPage.open(session.page)).signInAs(user);

    expect(currentPath(session.page)).toBe(user.home);
    await expectLandingScreen(user);

    const poll = { timeout: UI_TIMEOUT_MS };
    await expect.poll(() => shell.navigationLabels(), poll).toEqual(menuLabels(expectedNavigation(user)));

    // The items of each menu this user has (which menus exist is in the navigation labels above).
    const menus = [
      ['admin', user.adminMenu.length > 0 ? menuLabels(user.adminMenu) : null],
      ['reports', user.reportsMenu ? menuLabels(['buildingReports', 'visitReports', 'absenceReports']) : null],
      ['spaces', user.spacesMenu ? menuLabels(['spaceCalendar', 'spaceMap', 'myBookings']) : null],
    ] as const;
    for (const [menu, items] of menus.filter(([, items]) => items !== null)) {
      expect(await shell.menuItemLabels(menu)).toEqual(items);
    }

    // The controls every signed-in user has, and the tenant selector for admin and tech only.
    await shell.themeSwitch.waitFor();
    await shell.languageButton.waitFor();
    await shell.helpLink.waitFor();
    expect(await shell.tenantButton.count()).toBe(user.tenantSelector ? 1 : 0);

    await expectNoAxeViolations(session.page, `the shell of ${user.username} on ${user.home}`);
  });
});
