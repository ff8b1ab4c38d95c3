import type { AuditAction, AuditEntity, Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

export const LOGS_PATH = '/admin/logs';

/** The audit table's columns, in the order the screen draws them. */
export const auditColumns = ['when', 'who', 'actingAs', 'action', 'entity', 'clientIp'] as const;
type AuditColumn = (typeof auditColumns)[number];

/** One side of a change as the details show it: field and value. */
export type FieldValues = [field: string, value: string][];

/** /admin/logs (administrators): the audit log tab, its filters, its rows and their details. */
export class LogsPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  /** Goes to the screen; resolves once the audit log's first rows are drawn. */
  static async open(page: Page, locale: Locale = 'en'): Promise<LogsPage> {
    await page.goto(LOGS_PATH);
    const screen = new LogsPage(page, locale);
    await screen.waitUntilShown();
    return screen;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  actionLabel(action: AuditAction): string {
    return this.label(`logs.audit.actions.${action}`);
  }

  entityLabel(entity: AuditEntity): string {
    return this.label(`logs.audit.entities.${entity}`);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: exactly(this.label('pages.logs.title')) });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: exactly(this.label('logs.audit.title')) });
  }

  get userFilter(): Locator {
    return this.page.getByRole('searchbox', { name: exactly(this.label('logs.audit.user')) });
  }

  get actionFilter(): Locator {
    return this.page.getByRole('textbox', { name: exactly(this.label('logs.audit.action')) });
  }

  /** The entries shown: each row with its action button (not the details rows, not the header). */
  get rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('button') });
  }

  async waitUntilShown(): Promise<void> {
    await waitForPath(this.page, LOGS_PATH);
    await this.heading.waitFor();
    await this.table.waitFor();
    await this.rows.first().waitFor();
  }

  /** The text of one column in every row shown, top to bottom (read at once, so never half-redrawn). */
  async column(name: AuditColumn): Promise<string[]> {
    return this.rows.evaluateAll(
      (rows, index) => rows.map((row) => row.querySelectorAll('td')[index]?.textContent?.trim() ?? ''),
      auditColumns.indexOf(name),
    );
  }

  /** The cells of a row, as the user reads them. */
  async cells(row: Locator): Promise<Record<AuditColumn, string>> {
    const texts = (await row.getByRole('cell').allInnerTexts()).map((cell) => cell.trim());
    return Object.fromEntries(auditColumns.map((column, index) => [column, texts[index] ?? ''])) as Record<
      AuditColumn,
      string
    >;
  }

  async filterByUser(username: string): Promise<void> {
    await this.userFilter.fill(username);
  }

  /** Opens the action filter, types the action's label and picks it from the suggestions. */
  async filterByAction(action: AuditAction): Promise<void> {
    const label = this.actionLabel(action);
    await this.actionFilter.click();
    await this.actionFilter.fill(label);
    await this.page
      .getByRole('listbox')
      .getByRole('option', { name: exactly(label) })
      .click();
  }

  /** The button of a row that opens or closes its details (its name is the action's label). */
  actionButton(row: Locator): Locator {
    return row.getByRole('button');
  }

  /** Opens a row's details; resolves with the details row. */
  async openDetails(row: Locator): Promise<Locator> {
    await this.actionButton(row).click();
    const opened = row.getByRole('button', { expanded: true });
    await opened.waitFor();
    const id = await opened.getAttribute('aria-controls');
    if (!id) throw new Error('The opened row names no details');
    const details = this.page.locator(`[id="${id}"]`);
    await details.waitFor();
    return details;
  }

  /** A list of fields and values in the details: the whole details or its Before or After part. */
  async fieldValues(region: Locator): Promise<FieldValues> {
    const fields = await region.getByRole('term').allInnerTexts();
    const values = await region.getByRole('definition').allInnerTexts();
    return fields.map((field, index) => [field.trim(), (values[index] ?? '').trim()]);
  }

  /** The Before or After part of opened details. */
  side(details: Locator, side: 'before' | 'after'): Locator {
    return details.getByRole('region', { name: exactly(this.label(`logs.audit.${side}`)) });
  }
}
