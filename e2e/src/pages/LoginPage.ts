import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, type DemoUser } from '../harness/demo-users.ts';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';
import { ShellPage } from './ShellPage.ts';

/** /login: the sign-in form. */
export class LoginPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(page: Page, locale: Locale = 'en'): Promise<LoginPage> {
    await page.goto('/login');
    const login = new LoginPage(page, locale);
    await login.waitUntilShown();
    return login;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: exactly(text(this.locale, 'login.title')) });
  }

  get username(): Locator {
    return this.page.getByRole('textbox', { name: exactly(text(this.locale, 'login.username')) });
  }

  get password(): Locator {
    return this.page.getByRole('textbox', { name: exactly(text(this.locale, 'login.password')) });
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: exactly(text(this.locale, 'login.submit')) });
  }

  /** The error banner shown above the form. */
  get error(): Locator {
    return this.page.getByRole('alert');
  }

  async waitUntilShown(): Promise<void> {
    await waitForPath(this.page, '/login');
    await this.heading.waitFor();
    await this.username.waitFor();
  }

  /** Fills the form and submits it; does not wait for the outcome. */
  async submitCredentials(username: string, password: string = DEMO_PASSWORD): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }

  /**
   * Signs a demo user in and waits for the signed-in toolbar on the page the app goes to:
   * `expectedPath` (a stored redirect) or else the user's home.
   */
  async signInAs(user: DemoUser, expectedPath: string = user.home): Promise<ShellPage> {
    await this.submitCredentials(user.username);
    await waitForPath(this.page, expectedPath);
    const shell = new ShellPage(this.page, this.locale);
    await shell.waitUntilSignedIn(user.username);
    return shell;
  }
}
