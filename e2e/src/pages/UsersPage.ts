import type { Locale, Role } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

export const USERS_PATH = '/admin/users';

/** What the add dialog asks for a new user. */
export interface NewUser {
  username: string;
  email: string;
  lastName: string;
  role: Role;
  /** Names of the buildings to assign (roles that see assigned buildings only). */
  buildings: string[];
}

/** /admin/users: the company's users, the add/edit dialog and its password actions. */
export class UsersPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(page: Page, locale: Locale = 'en'): Promise<UsersPage> {
    await page.goto(USERS_PATH);
    const screen = new UsersPage(page, locale);
    await screen.waitUntilShown();
    return screen;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: exactly(this.label('users.list.caption')) });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** A user's row, by username. */
  row(username: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByText(exactly(username)) });
  }

  async waitUntilShown(): Promise<void> {
    await waitForPath(this.page, USERS_PATH);
    await this.page.getByRole('heading', { level: 1, name: exactly(this.label('pages.users.title')) }).waitFor();
    await this.table.waitFor();
  }

  private field(key: string): Locator {
    return this.dialog.getByRole('textbox', { name: new RegExp(`^${this.label(key)}`) });
  }

  /** Fills the add dialog and saves; resolves once the dialog has closed. */
  async addUser(user: NewUser): Promise<void> {
    await this.page.getByRole('button', { name: exactly(this.label('users.list.add')) }).click();
    await this.dialog.getByRole('heading', { name: exactly(this.label('users.dialog.addTitle')) }).waitFor();
    await this.field('users.dialog.username').fill(user.username);
    await this.field('users.dialog.email').fill(user.email);
    await this.field('users.dialog.lastName').fill(user.lastName);
    await this.field('users.dialog.role').click();
    await this.page.getByRole('option', { name: exactly(this.label(`common.roles.${user.role}`)) }).click();
    for (const name of user.buildings) {
      await this.field('users.dialog.buildings').click();
      await this.page.getByRole('option', { name: exactly(name) }).click();
    }
    await this.field('users.dialog.email').press('Tab');
    await this.dialog.getByRole('button', { name: exactly(this.label('common.save')) }).click();
    // The add dialog by its name: a "Please wait" dialog may show over it while the user is saved.
    await this.page
      .getByRole('dialog', { name: exactly(this.label('users.dialog.addTitle')) })
      .waitFor({ state: 'detached' });
  }

  /** Opens a user's dialog from its row's edit action. */
  async edit(username: string, displayName: string): Promise<void> {
    await this.row(username)
      .getByRole('button', { name: exactly(this.label('users.list.edit', { name: displayName })) })
      .click();
    await this.dialog
      .getByRole('heading', { name: exactly(this.label('users.dialog.editTitle', { name: displayName })) })
      .waitFor();
  }

  /** In an open edit dialog: sets the user's password and waits for the confirmation. */
  async setPassword(password: string): Promise<void> {
    await this.dialog.getByLabel(exactly(this.label('users.password.newPassword'))).fill(password);
    await this.dialog.getByLabel(exactly(this.label('users.password.confirmPassword'))).fill(password);
    await this.dialog.getByRole('button', { name: exactly(this.label('users.password.set')) }).click();
    await this.page
      .getByRole('status')
      .filter({ hasText: exactly(this.label('users.password.PASSWORD_SET')) })
      .waitFor();
  }
}
