// Signing in: a refused password, and the page remembered before signing in.
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { currentPath, waitForPath } from './harness/navigation.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { ShellPage } from './pages/ShellPage.ts';
import { UsersPage } from './pages/UsersPage.ts';

const session = useBrowser();

describe('login', () => {
  test('the login page passes the accessibility scan', async () => {
    await LoginPage.open(session.page);
    await expectNoAxeViolations(session.page, 'the login page');
  });

  test('a wrong password shows the translated message and stays on /login', async () => {
    const login = await LoginPage.open(session.page);
    await login.submitCredentials(demoUsers.admin.username, 'Not-the-password1!');

    await login.error.filter({ hasText: exactly(text('en', 'errors.WRONG_PASSWORD')) }).waitFor();
    expect(currentPath(session.page)).toBe('/login');
    await login.heading.waitFor();
    expect(await login.username.inputValue()).toBe(demoUsers.admin.username);
    await expectNoAxeViolations(session.page, 'the login page with its error');
  });

  test('an unauthenticated visit to /admin/users returns there after signing in', async () => {
    await session.page.goto('/admin/users');
    const login = new LoginPage(session.page);
    await login.waitUntilShown();

    await login.signInAs(demoUsers.admin, '/admin/users');
    await new UsersPage(session.page).waitUntilShown();

    // A signed-in user who opens /login goes home.
    await session.page.goto('/login');
    await waitForPath(session.page, demoUsers.admin.home);

    // The stored redirect was used once: after logging out, signing in lands home again.
    const shell = new ShellPage(session.page);
    await shell.logOut(demoUsers.admin.username);
    await new LoginPage(session.page).waitUntilShown();
    await new LoginPage(session.page).signInAs(demoUsers.admin);
    expect(currentPath(session.page)).toBe(demoUsers.admin.home);
  });
});
