// Single sign-on with real parts (docs/sso.md): a server of this scenario's own (Demo data) and a
// real OpenID Connect provider on loopback (the server's test provider, `oidc-provider`, with a
// sign-in page of its own). The company's corporate user sets the provider up on the Integrations
// screen; a new employee, unknown to Vestibule, signs in with it from the sign-in page and lands on
// the entry log with the company's default role.
import { chromiumArgs, chromiumPath } from '@vestibule/scripts';
import { type TestOidcProvider, startOidcProvider } from '@vestibule/server/testing';
import type { ApiClient } from '@vestibule/shared/api';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { waitForPath } from './harness/navigation.ts';
import { type ScenarioServer, startScenarioServer } from './harness/scenario-server.ts';
import { signedIn } from './harness/service.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { ShellPage } from './pages/ShellPage.ts';

const DESK = { width: 1440, height: 900 };
const DOMAIN = 'acme-sso.test';
const NEWCOMER = `nina.hire@${DOMAIN}`;

let server: ScenarioServer;
let idp: TestOidcProvider;
let browser: Browser;
let desk: BrowserContext;
let page: Page;
let master: ApiClient;

beforeAll(async () => {
  server = await startScenarioServer({ WEBHOOK_ALLOW_LOOPBACK: '1' });
  idp = await startOidcProvider({ redirectUri: `${server.baseUrl}/service/sso/oidc/callback` });
  idp.accounts.set(NEWCOMER, { email: NEWCOMER, givenName: 'Nina', familyName: 'Hire' });
  master = await signedIn(server.baseUrl, demoUsers.master.username);
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  desk = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US', colorScheme: 'light', viewport: DESK });
  desk.setDefaultTimeout(UI_TIMEOUT_MS);
  page = await desk.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await idp?.close();
  await server?.stop();
});

const label = (key: string, params?: Record<string, string>) => exactly(text('en', key, params));

describe('single sign-on', () => {
  test('the company sets up its provider; a new employee signs in with it and lands on the entry log', async () => {
    // The corporate user sets the provider up on the Integrations screen.
    await page.goto('/login');
    await new LoginPage(page).signInAs(demoUsers.master);
    await page.goto('/admin/integrations');
    const section = page.getByRole('region', { name: label('integrations.sso.title') });
    // Shown once the card has loaded, as the server answers it.
    const redirectUri = section.getByTestId('sso-redirect-uri');
    await redirectUri.waitFor();
    expect(await redirectUri.textContent()).toBe(`${server.baseUrl}/service/sso/oidc/callback`);
    await section.getByRole('button', { name: label('integrations.sso.setUp') }).click();
    const dialog = page.getByRole('dialog', { name: label('integrations.sso.dialog.title') });
    await dialog
      .getByRole('textbox', { name: text('en', 'integrations.sso.dialog.displayName') })
      .fill('Acme Identity');
    await dialog.getByRole('textbox', { name: text('en', 'integrations.sso.dialog.issuer') }).fill(idp.issuer);
    await dialog.getByRole('textbox', { name: text('en', 'integrations.sso.dialog.clientId') }).fill(idp.clientId);
    await dialog.getByLabel(text('en', 'integrations.sso.dialog.clientSecret')).fill(idp.clientSecret);
    await dialog.getByRole('textbox', { name: text('en', 'integrations.sso.dialog.allowedDomains') }).fill(DOMAIN);
    // The switch's input is drawn invisible: a user clicks its track, which its label covers.
    const createUsers = dialog.getByRole('switch', { name: label('integrations.sso.dialog.createUsers') });
    await dialog.locator('label[for="sso-create-users"]').first().click();
    expect(await createUsers.isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: text('en', 'integrations.sso.dialog.defaultRole') }).click();
    await page.getByRole('option', { name: label('common.roles.ROLE_SUPERVISOR') }).click();
    await expectNoAxeViolations(page, 'the single sign-on dialog');
    await dialog.getByRole('button', { name: label('common.save') }).click();
    await dialog.waitFor({ state: 'detached' });
    const summary = section.getByTestId('sso-provider');
    await summary.getByText(label('integrations.sso.on')).waitFor();
    expect(await summary.getByText(exactly('Acme Identity')).count()).toBe(1);
    await new ShellPage(page).logOut(demoUsers.master.username);

    // The newcomer: their work e-mail, then the company's provider, its own sign-in page, and back.
    const login = new LoginPage(page);
    await login.waitUntilShown();
    await page.getByRole('button', { name: label('login.singleSignOn.start') }).click();
    await page.getByRole('textbox', { name: text('en', 'login.singleSignOn.login') }).fill(NEWCOMER);
    await page.getByRole('button', { name: label('login.singleSignOn.continue') }).click();
    const offer = page.getByRole('link', { name: label('login.singleSignOn.with', { name: 'Acme Identity' }) });
    await expectNoAxeViolations(page, 'the sign-in page offering single sign-on');
    await offer.click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(NEWCOMER);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Signed in, on the entry log, as a supervisor of the company.
    await waitForPath(page, demoUsers.supervisor.home);
    await new ShellPage(page).waitUntilSignedIn(NEWCOMER);
    const users = await master.call('GET /user', { query: { search: 'nina.hire' } });
    expect(users.docs.map((user) => [user.username, user.email, user.firstName, user.lastName, user.role])).toEqual([
      [NEWCOMER, NEWCOMER, 'Nina', 'Hire', 'ROLE_SUPERVISOR'],
    ]);
  });
});
