// Accounts by e-mailed one-time links, on a user of this file's own (made through the
// API, so no other file's demo password changes): the new user's verification link sets a first
// password; later, /forgot mails a reset link that sets a new one. Each link works once, and the
// e-mails come through the run's SMTP server.
import { RESET_PASSWORD_TOKEN_MINUTES } from '@vestibule/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { mailsTo } from './harness/mailbox.ts';
import { waitForPath } from './harness/navigation.ts';
import { signedIn } from './harness/service.ts';
import { ForgotPasswordPage, ResetPasswordPage, VerifyEmailPage } from './pages/AccountPages.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { ShellPage } from './pages/ShellPage.ts';

const session = useBrowser();
/** The outbox is sent every 10 s by the server's background job. */
const MAIL_TIMEOUT_MS = 45_000;
const FIRST_PASSWORD = 'First-Link1!';
const NEW_PASSWORD = 'Reset-Link2@';

const suffix = Date.now().toString(36);
const account = { username: `links-${suffix}`, email: `links-${suffix}@demo-corp.example` };

beforeAll(async () => {
  const master = await signedIn(session.baseUrl, demoUsers.master.username);
  await master.call('POST /user', {
    body: { username: account.username, email: account.email, role: 'ROLE_USER', firstName: 'Lena', lastName: 'Link' },
  });
});

/** The path of the one link in the newest e-mail with this subject, once it has arrived. */
async function mailedLink(subjectKey: string, page: '/verify/' | '/reset/'): Promise<string> {
  const subject = text('en', subjectKey);
  const withSubject = async () => (await mailsTo(account.email)).filter((mail) => mail.subject === subject);
  await expect.poll(async () => (await withSubject()).length, { timeout: MAIL_TIMEOUT_MS }).toBeGreaterThan(0);
  const mail = (await withSubject()).at(-1);
  const link = new RegExp(`https?://\\S+${page}[\\w-]+`).exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`No ${page} link in the e-mail:\n${mail?.text}`);
  return new URL(link).pathname;
}

/** Signs the account in from the sign-in page and waits for its toolbar at home. */
async function signIn(login: LoginPage, password: string): Promise<void> {
  await login.submitCredentials(account.username, password);
  await waitForPath(login.page, demoUsers.user.home);
  await new ShellPage(login.page).waitUntilSignedIn(account.username);
}

/** The sign-in page with the success banner a link's page leaves there. */
async function loginWithBanner(messageKey: string): Promise<LoginPage> {
  const login = new LoginPage(session.page);
  await login.waitUntilShown();
  await session.page
    .getByRole('status')
    .filter({ hasText: exactly(text('en', messageKey)) })
    .waitFor();
  return login;
}

describe('accounts by e-mailed links', () => {
  test('a new user verifies the address with a first password, once', { timeout: 120_000 }, async () => {
    const path = await mailedLink('mail.verifyEmail.subject', '/verify/');
    const verify = await VerifyEmailPage.open(session.page, path);
    await verify.greeting(account.username).waitFor();
    await expectNoAxeViolations(session.page, 'the verification page');

    await verify.fillPasswords(FIRST_PASSWORD, `${FIRST_PASSWORD}x`);
    await verify.submit.click();
    await verify.fieldError('common.validation.confirmed').waitFor();
    await verify.fillPasswords(FIRST_PASSWORD);
    await verify.submit.click();
    const login = await loginWithBanner('verify.EMAIL_VERIFIED');

    // The link has done its work.
    await VerifyEmailPage.open(session.page, path);
    await verify.spent('NOT_FOUND_OR_ALREADY_VERIFIED').waitFor();
    await verify.toLogin.click();
    await login.waitUntilShown();
    await signIn(login, FIRST_PASSWORD);
  });

  test(
    'a forgotten password is reset from the e-mailed link, which then no longer works',
    { timeout: 120_000 },
    async () => {
      const forgot = await ForgotPasswordPage.open(session.page);
      await expectNoAxeViolations(session.page, 'the forgotten password page');
      await forgot.requestLink(account.email);
      await forgot.confirmation(account.email, String(RESET_PASSWORD_TOKEN_MINUTES)).waitFor();
      await forgot.backToLogin.waitFor();
      await expectNoAxeViolations(session.page, 'the forgotten password page, link sent');

      const path = await mailedLink('mail.resetPassword.subject', '/reset/');
      const reset = await ResetPasswordPage.open(session.page, path);
      await reset.greeting(account.username).waitFor();
      await reset.password.fill('weakpass');
      await reset.rule('lowercase', true).waitFor();
      await reset.rule('minLength', true).waitFor();
      await reset.rule('uppercase', false).waitFor();
      await reset.rule('number', false).waitFor();
      await reset.rule('special', false).waitFor();
      await reset.confirmPassword.fill('weakpass');
      await reset.submit.click();
      await reset.fieldError('passwordRules.notMet').waitFor();
      await expectNoAxeViolations(session.page, 'the reset page with a weak password');

      await reset.fillPasswords(NEW_PASSWORD);
      for (const rule of ['minLength', 'uppercase', 'lowercase', 'number', 'special'] as const) {
        await reset.rule(rule, true).waitFor();
      }
      await reset.submit.click();
      await signIn(await loginWithBanner('resetPassword.PASSWORD_CHANGED'), NEW_PASSWORD);

      // Used once: the same link now says so, and leads to a new one.
      await ResetPasswordPage.open(session.page, path);
      await reset.spent('NOT_FOUND_OR_ALREADY_USED').waitFor();
      expect(await reset.password.count()).toBe(0);
      await expectNoAxeViolations(session.page, 'the reset page of a used link');
      await reset.newLink.click();
      await waitForPath(session.page, '/forgot');
    },
  );
});
