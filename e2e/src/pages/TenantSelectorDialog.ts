import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';

/** The "Select a company" dialog that admin and tech users open from the toolbar. */
export class TenantSelectorDialog {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: exactly(text(this.locale, 'shell.tenant.dialogTitle')) });
  }

  get companyField(): Locator {
    return this.dialog.getByRole('textbox', { name: exactly(text(this.locale, 'shell.tenant.field')) });
  }

  /** The Company list opens in a layer above the dialog (a portal), so it is found from the page. */
  get options(): Locator {
    return this.page.getByRole('listbox').getByRole('option');
  }

  option(tenantName: string): Locator {
    return this.options.filter({ hasText: exactly(tenantName) });
  }

  get confirmButton(): Locator {
    return this.dialog.getByRole('button', { name: exactly(text(this.locale, 'shell.tenant.confirm')) });
  }

  async waitUntilShown(): Promise<void> {
    await this.dialog.waitFor();
    await this.companyField.waitFor();
  }

  /** Opens the list of tenants (if it is not open yet) and reads it. */
  async optionLabels(): Promise<string[]> {
    if ((await this.companyField.getAttribute('aria-expanded')) !== 'true') await this.companyField.click();
    await this.options.first().waitFor();
    return (await this.options.allInnerTexts()).map((label) => label.trim());
  }

  /**
   * Whether the pointer reaches the option at its centre: false when something else (the
   * dialog's header, another layer) covers it, i.e. the user cannot see or click it.
   */
  async optionIsUncovered(tenantName: string): Promise<boolean> {
    const option = this.option(tenantName);
    await option.waitFor();
    await option.scrollIntoViewIfNeeded();
    return option.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && element.contains(hit);
    });
  }

  /** Types the tenant's name in the field, picks the match with the keyboard, and confirms. */
  async chooseWithKeyboard(tenantName: string): Promise<void> {
    await this.companyField.fill(tenantName);
    await this.option(tenantName).waitFor();
    await this.companyField.press('ArrowDown');
    await this.companyField.press('Enter');
    const field = await this.companyField.elementHandle();
    await this.page.waitForFunction(({ input, name }) => input instanceof HTMLInputElement && input.value === name, {
      input: field,
      name: tenantName,
    });
    await this.confirmButton.click();
    await this.dialog.waitFor({ state: 'hidden' });
  }

  /** Picks the tenant with the mouse in the open list, and confirms. */
  async chooseWithPointer(tenantName: string): Promise<void> {
    await this.optionLabels();
    await this.option(tenantName).click();
    await this.confirmButton.click();
    await this.dialog.waitFor({ state: 'hidden' });
  }
}
