import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

/**
 * A visitor's own visit pages: /cancelVisit, /postponeCheckOut, /rescheduleVisit and
 * /registration. Locators use roles and the shared catalogues' words.
 */
export class PublicVisitPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(page: Page, path: string): Promise<PublicVisitPage> {
    await page.goto(path);
    await waitForPath(page, path);
    return new PublicVisitPage(page);
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  heading(key: string, params?: Record<string, string>): Locator {
    return this.main.getByRole('heading', { level: 1, name: exactly(this.label(key, params)) });
  }

  button(key: string): Locator {
    return this.main.getByRole('button', { name: exactly(this.label(key)) });
  }

  /** The visit's details: the value next to a term (Visitor, Host, Date and time...). */
  detail(key: string): Locator {
    return this.main
      .locator('.visit-details div')
      .filter({ has: this.page.getByText(this.label(key), { exact: true }) })
      .locator('dd');
  }

  /** The success or error modal, by its header. */
  dialog(key: string): Locator {
    return this.page.getByRole('dialog', { name: new RegExp(this.label(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  }

  async closeDialog(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: exactly(this.label('publicVisit.visitPage.close')) }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  field(labelKey: string): Locator {
    return this.main.getByLabel(this.label(labelKey), { exact: false });
  }

  async schedule(date: string, time: string): Promise<void> {
    await this.main.getByLabel(exactly(this.label('publicVisit.visitPage.date'))).fill(date);
    await this.main.getByLabel(exactly(this.label('publicVisit.visitPage.time'))).fill(time);
  }
}
