import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

export const PROFILE_PATH = '/profile';

/** /profile: the user's details and preferences (one form), and their password (another). */
export class ProfilePage {
  readonly page: Page;
  /** The language the page is expected in; follows a saved language. */
  locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(page: Page, locale: Locale = 'en'): Promise<ProfilePage> {
    await page.goto(PROFILE_PATH);
    const profile = new ProfilePage(page, locale);
    await profile.waitUntilShown();
    return profile;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: exactly(this.label('pages.profile.title')) });
  }

  /** The details and preferences section: a region named by its h2. */
  get details(): Locator {
    return this.page.getByRole('region', { name: exactly(this.label('myProfile.details.title')) });
  }

  get passwordSection(): Locator {
    return this.page.getByRole('region', { name: exactly(this.label('myProfile.password.title')) });
  }

  /** A text field or a drop-down of the details section, by its catalogue key under `myProfile`. */
  field(key: string): Locator {
    return this.details.getByRole('textbox', { name: exactly(this.label(`myProfile.${key}`)) });
  }

  /** A field of the password section (Playwright gives password fields the textbox role). */
  passwordField(key: 'oldPassword' | 'newPassword' | 'confirmPassword'): Locator {
    return this.passwordSection.getByRole('textbox', { name: exactly(this.label(`myProfile.password.${key}`)) });
  }

  get successBanner(): Locator {
    return this.page.getByTestId('success-banner');
  }

  async waitUntilShown(): Promise<void> {
    await waitForPath(this.page, PROFILE_PATH);
    await this.heading.waitFor();
    await this.field('details.firstName').waitFor();
  }

  /** Opens a drop-down of the preferences and picks the option whose name matches. */
  async choose(key: string, option: string | RegExp): Promise<void> {
    await this.field(key).click();
    const name = typeof option === 'string' ? exactly(option) : option;
    await this.page.getByRole('option', { name }).click();
  }

  /** A date or time format, picked by its pattern (each option shows an example, then its pattern). */
  async chooseFormat(key: 'dateFormat' | 'timeFormat', pattern: string): Promise<void> {
    const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await this.choose(`preferences.${key}`, new RegExp(`\\(${escaped}\\)\\s*$`));
  }

  /** Saves the details; `locale` is the language the page is in afterwards (a saved language applies at once). */
  async save(locale: Locale = this.locale): Promise<void> {
    await this.details.getByRole('button', { name: exactly(this.label('common.save')) }).click();
    this.locale = locale;
    await this.expectSuccess('myProfile.PROFILE_SAVED_SUCCESSFULLY');
  }

  async changePassword(current: string, next: string): Promise<void> {
    await this.passwordField('oldPassword').fill(current);
    await this.passwordField('newPassword').fill(next);
    await this.passwordField('confirmPassword').fill(next);
    await this.passwordSection.getByRole('button', { name: exactly(this.label('myProfile.password.submit')) }).click();
    await this.expectSuccess('myProfile.PASSWORD_CHANGED');
  }

  /** Waits for the success banner's message, then closes it (so the next one can be waited for). */
  async expectSuccess(key: string): Promise<void> {
    await this.successBanner.filter({ hasText: this.label(key) }).waitFor();
    await this.successBanner.getByRole('button', { name: exactly(this.label('shell.banners.close')) }).click();
    await this.successBanner.waitFor({ state: 'hidden' });
  }
}
