import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

export const TENANTS_PATH = '/admin/tenants';

/** A new company and its corporate user, as the add dialog asks for them. */
export interface NewCompany {
  name: string;
  city: string;
  licencesCount: number;
  master: { username: string; email: string; lastName: string };
}

/** /admin/tenants: the companies and the dialog that adds one with its corporate user. */
export class TenantsPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(page: Page, locale: Locale = 'en'): Promise<TenantsPage> {
    await page.goto(TENANTS_PATH);
    const screen = new TenantsPage(page, locale);
    await waitForPath(page, TENANTS_PATH);
    await screen.table.waitFor();
    return screen;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: exactly(this.label('tenants.list.caption')) });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  private inGroup(legendKey: string, labelKey: string): Locator {
    return this.dialog
      .getByRole('group', { name: exactly(this.label(legendKey)) })
      .getByRole('textbox', { name: new RegExp(`^${this.label(labelKey)}`) });
  }

  /** Fills the add dialog and saves; resolves once the success message shows. */
  async addCompany(company: NewCompany): Promise<void> {
    await this.page.getByRole('button', { name: exactly(this.label('tenants.list.add')) }).click();
    await this.dialog.getByRole('heading', { name: exactly(this.label('tenants.dialog.addTitle')) }).waitFor();
    await this.inGroup('tenants.fields.company', 'tenants.fields.name').fill(company.name);
    await this.inGroup('tenants.fields.company', 'tenants.fields.city').fill(company.city);
    await this.dialog
      .getByRole('textbox', { name: new RegExp(`^${this.label('tenants.fields.licencesCount')}`) })
      .fill(String(company.licencesCount));
    await this.inGroup('tenants.master.section', 'tenants.master.username').fill(company.master.username);
    await this.inGroup('tenants.master.section', 'tenants.master.email').fill(company.master.email);
    await this.inGroup('tenants.master.section', 'tenants.master.lastName').fill(company.master.lastName);
    await this.dialog.getByRole('button', { name: exactly(this.label('tenants.dialog.create')) }).click();
    await this.page
      .getByRole('status')
      .filter({
        hasText: exactly(this.label('tenants.created', { name: company.name, email: company.master.email })),
      })
      .waitFor();
  }
}
