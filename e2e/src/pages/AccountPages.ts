import { type Locale, PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

// The public account pages: /forgot, and the pages the e-mailed one-time links open
// (/reset/{token}, /verify/{token}).

abstract class AccountPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  protected abstract get titleKey(): string;

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: exactly(this.label(this.titleKey)) });
  }

  /** The error a field shows below it (the field is described by it). */
  fieldError(key: string): Locator {
    return this.page.getByRole('main').getByText(this.label(key), { exact: true });
  }
}

/** /forgot: asks for a reset link by e-mail. */
export class ForgotPasswordPage extends AccountPage {
  protected get titleKey(): string {
    return 'pages.forgot.title';
  }

  static async open(page: Page, locale: Locale = 'en'): Promise<ForgotPasswordPage> {
    await page.goto('/forgot');
    const forgot = new ForgotPasswordPage(page, locale);
    await forgot.heading.waitFor();
    await forgot.email.waitFor();
    return forgot;
  }

  get email(): Locator {
    return this.page.getByRole('textbox', { name: exactly(this.label('forgotPassword.email')) });
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: exactly(this.label('forgotPassword.submit')) });
  }

  /** The confirmation that replaces the form, naming the address. */
  confirmation(email: string, minutes: string): Locator {
    return this.page
      .getByRole('status')
      .filter({ hasText: exactly(this.label('forgotPassword.RESET_EMAIL_SENT', { email, minutes })) });
  }

  get backToLogin(): Locator {
    return this.page.getByRole('link', { name: exactly(this.label('forgotPassword.backToLogin')) });
  }

  async requestLink(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
  }
}

/** A one-time link's page: who it is for, then a new password with its rules, or why the link is spent. */
abstract class LinkPage extends AccountPage {
  get password(): Locator {
    return this.page.getByRole('textbox', { name: exactly(this.label('resetPassword.password')) });
  }

  get confirmPassword(): Locator {
    return this.page.getByRole('textbox', { name: exactly(this.label('resetPassword.confirmPassword')) });
  }

  /** A rule of the list below the password, once it reads as met or as missing. */
  rule(rule: 'minLength' | 'uppercase' | 'lowercase' | 'number' | 'special', met: boolean): Locator {
    const params = { min: String(PASSWORD_MIN_LENGTH), characters: PASSWORD_SPECIAL_CHARACTERS };
    return this.page
      .getByRole('listitem')
      .filter({ hasText: this.label(`passwordRules.${rule}`, params) })
      .filter({ hasText: `(${this.label(met ? 'passwordRules.met' : 'passwordRules.unmet')})` });
  }

  /** The message of an unknown, used or expired link (in place of the form). */
  spent(errorCode: 'NOT_FOUND_OR_ALREADY_USED' | 'NOT_FOUND_OR_ALREADY_VERIFIED'): Locator {
    return this.page.getByRole('alert').filter({ hasText: exactly(this.label(`errors.${errorCode}`)) });
  }

  async fillPasswords(password: string, confirmation: string = password): Promise<void> {
    await this.password.fill(password);
    await this.confirmPassword.fill(confirmation);
  }

  /** Opens the link's path (the e-mail's link is on the server under test) and waits for its title. */
  protected async arrive(path: string): Promise<void> {
    await this.page.goto(path);
    await waitForPath(this.page, path);
    await this.heading.waitFor();
  }
}

/** /reset/{token}: a forgotten password's link. */
export class ResetPasswordPage extends LinkPage {
  protected get titleKey(): string {
    return 'pages.reset.title';
  }

  static async open(page: Page, path: string, locale: Locale = 'en'): Promise<ResetPasswordPage> {
    const reset = new ResetPasswordPage(page, locale);
    await reset.arrive(path);
    return reset;
  }

  greeting(username: string): Locator {
    return this.page.getByText(this.label('resetPassword.intro', { username }), { exact: true });
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: exactly(this.label('resetPassword.submit')) });
  }

  get newLink(): Locator {
    return this.page.getByRole('link', { name: exactly(this.label('resetPassword.newLink')) });
  }
}

/** /verify/{token}: a new account's link, confirming the address (and choosing a password). */
export class VerifyEmailPage extends LinkPage {
  protected get titleKey(): string {
    return 'pages.verify.title';
  }

  static async open(page: Page, path: string, locale: Locale = 'en'): Promise<VerifyEmailPage> {
    const verify = new VerifyEmailPage(page, locale);
    await verify.arrive(path);
    return verify;
  }

  greeting(username: string): Locator {
    return this.page.getByText(this.label('verify.greeting', { username }), { exact: true });
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: exactly(this.label('verify.submit')) });
  }

  get toLogin(): Locator {
    return this.page.getByRole('link', { name: exactly(this.label('verify.toLogin')) });
  }
}
