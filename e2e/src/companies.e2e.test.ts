// A customer starts using the product: an administrator adds a company with its
// corporate user; the verification e-mail reaches the run's SMTP server; the new user verifies the
// address with a first password, signs in, adds a supervisor limited to one of the company's two
// buildings and sets their password; the supervisor then sees that building only.
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { mailsTo } from './harness/mailbox.ts';
import { waitForPath } from './harness/navigation.ts';
import { serviceClient } from './harness/service.ts';
import { VerifyEmailPage } from './pages/AccountPages.ts';
import { BuildingsPage } from './pages/BuildingsPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { ShellPage } from './pages/ShellPage.ts';
import { TenantsPage } from './pages/TenantsPage.ts';
import { UsersPage } from './pages/UsersPage.ts';

const session = useBrowser();
/** The outbox is sent every 10 s by the server's background job. */
const MAIL_TIMEOUT_MS = 45_000;
const poll = { timeout: UI_TIMEOUT_MS };

const suffix = Date.now().toString(36);
const company = {
  name: `Harbour Works ${suffix}`,
  city: 'Lisbon',
  licencesCount: 5,
  master: { username: `harbour-${suffix}`, email: `harbour-${suffix}@harbour.example`, lastName: 'Harbour' },
};
const CORPORATE_PASSWORD = 'Harbour-Corp1!';
const supervisor = {
  username: `dock-${suffix}`,
  email: `dock-${suffix}@harbour.example`,
  lastName: 'Dock',
  role: 'ROLE_SUPERVISOR' as const,
  buildings: ['North Quay'],
};
const SUPERVISOR_PASSWORD = 'Dock-Super2@';

/** The path of the verification link in the newest e-mail to `address`, once it has arrived. */
async function verificationLink(address: string): Promise<string> {
  const subject = text('en', 'mail.verifyEmail.subject');
  const arrived = async () => (await mailsTo(address)).filter((mail) => mail.subject === subject);
  await expect.poll(async () => (await arrived()).length, { timeout: MAIL_TIMEOUT_MS }).toBeGreaterThan(0);
  const mail = (await arrived()).at(-1);
  const link = /https?:\/\/\S+\/verify\/[\w-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`No verification link in the e-mail:\n${mail?.text}`);
  return new URL(link).pathname;
}

async function signInAs(username: string, password: string, home: string): Promise<ShellPage> {
  const login = await LoginPage.open(session.page);
  await login.submitCredentials(username, password);
  await waitForPath(session.page, home);
  const shell = new ShellPage(session.page);
  await shell.waitUntilSignedIn(username);
  return shell;
}

describe('a new company', () => {
  test(
    'is added with its corporate user, who verifies, signs in and limits a supervisor to one building',
    { timeout: 240_000 },
    async () => {
      // The administrator adds the company; the toolbar's company list has it at once.
      const admin = await (await LoginPage.open(session.page)).signInAs(demoUsers.admin);
      const tenants = await TenantsPage.open(session.page);
      await tenants.addCompany(company);
      await expect.poll(() => tenants.table.getByText(exactly(company.name)).count(), poll).toBe(1);
      await expectNoAxeViolations(session.page, 'the companies screen');
      const selector = await admin.openTenantSelector();
      expect(await selector.optionLabels()).toContain(company.name);
      await session.page.keyboard.press('Escape');
      await session.page.keyboard.press('Escape');
      await admin.logOut(demoUsers.admin.username);
      await new LoginPage(session.page).waitUntilShown();

      // The corporate user's verification e-mail arrives; the link sets a first password.
      const verify = await VerifyEmailPage.open(session.page, await verificationLink(company.master.email));
      await verify.greeting(company.master.username).waitFor();
      await verify.fillPasswords(CORPORATE_PASSWORD);
      await verify.submit.click();
      await new LoginPage(session.page).waitUntilShown();

      // Two buildings of the company (the buildings screens have their own scenarios).
      const { token } = await serviceClient(session.baseUrl).call('POST /login', {
        body: { username: company.master.username, password: CORPORATE_PASSWORD },
      });
      const corporateApi = serviceClient(session.baseUrl, { token });
      for (const name of ['North Quay', 'South Quay']) {
        await corporateApi.call('POST /building', {
          body: {
            name,
            address1: '1 Quay Road',
            city: 'Lisbon',
            zip: '1000-001',
            state: 'Lisboa',
            countryCode: 'PT',
            pinCode: '4321',
          },
        });
      }

      // The corporate user adds a supervisor limited to North Quay and sets their password.
      const corporate = await signInAs(company.master.username, CORPORATE_PASSWORD, demoUsers.master.home);
      const users = await UsersPage.open(session.page);
      await users.addUser(supervisor);
      await users.row(supervisor.username).waitFor();
      await expect
        .poll(
          () =>
            users
              .row(supervisor.username)
              .getByText(exactly(text('en', 'common.roles.ROLE_SUPERVISOR')))
              .count(),
          poll,
        )
        .toBe(1);
      await users.edit(supervisor.username, supervisor.lastName);
      await expect.poll(() => users.dialog.getByText(exactly('North Quay')).count(), poll).toBeGreaterThan(0);
      expect(await users.dialog.getByText(exactly('South Quay')).count()).toBe(0);
      await expectNoAxeViolations(session.page, 'the user dialog');
      await users.setPassword(SUPERVISOR_PASSWORD);
      await session.page.keyboard.press('Escape');
      await users.dialog.waitFor({ state: 'detached' });
      await corporate.logOut(company.master.username);
      await new LoginPage(session.page).waitUntilShown();

      // The supervisor sees North Quay and not South Quay.
      await signInAs(supervisor.username, SUPERVISOR_PASSWORD, demoUsers.supervisor.home);
      const buildings = await BuildingsPage.open(session.page);
      await buildings.buildingButton('North Quay').waitFor();
      expect(await buildings.table.getByRole('button', { name: exactly('South Quay') }).count()).toBe(0);
    },
  );
});
