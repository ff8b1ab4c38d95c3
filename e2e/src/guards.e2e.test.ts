// Route guards: roles, sign-in, unknown paths and logging out.
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { currentPath, waitForPath } from './harness/navigation.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { AccessDeniedPage, NotFoundPage } from './pages/StatusPages.ts';

const session = useBrowser();

describe('route guards', () => {
  test('a user opening admin-only routes sees the access-denied page', async () => {
    const shell = await (await LoginPage.open(session.page)).signInAs(demoUsers.user);

    for (const path of ['/admin/tenants', '/admin/logs']) {
      await session.page.goto(path);
      await shell.waitUntilSignedIn(demoUsers.user.username);
      await new AccessDeniedPage(session.page).waitUntilShown();
      // The address stays: the page says why it cannot be shown, it does not redirect.
      expect(currentPath(session.page)).toBe(path);
      await expectNoAxeViolations(session.page, `the access-denied page at ${path}`);
    }
  });

  test('an unknown path shows the not-found page, signed out and signed in', async () => {
    await session.page.goto('/no/such/page');
    await new NotFoundPage(session.page).waitUntilShown();
    expect(currentPath(session.page)).toBe('/no/such/page');
    await expectNoAxeViolations(session.page, 'the not-found page (signed out)');

    const shell = await (await LoginPage.open(session.page)).signInAs(demoUsers.space);
    await session.page.goto('/admin/nothing-here');
    await shell.waitUntilSignedIn(demoUsers.space.username);
    await new NotFoundPage(session.page).waitUntilShown();
    await expectNoAxeViolations(session.page, 'the not-found page (signed in)');
  });

  test('logout returns to /login and protected routes then redirect to /login', async () => {
    const user = demoUsers.supervisor;
    const shell = await (await LoginPage.open(session.page)).signInAs(user);

    await shell.logOut(user.username);
    const login = new LoginPage(session.page);
    await login.waitUntilShown();
    expect(await shell.logoutButton(user.username).count()).toBe(0);

    for (const path of ['/admin/users', '/check-in-out']) {
      await session.page.goto(path);
      await waitForPath(session.page, '/login');
      await login.waitUntilShown();
    }
  });
});
