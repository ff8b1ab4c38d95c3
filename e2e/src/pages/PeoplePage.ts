import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

export const PEOPLE_PATH = '/admin/people';

/** A CSV file made in the test, as the file input receives it. */
export interface CsvFile {
  name: string;
  content: string;
}

/** /admin/people: the directory, the pass dialog and the CSV import wizard. */
export class PeoplePage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(page: Page, locale: Locale = 'en'): Promise<PeoplePage> {
    await page.goto(PEOPLE_PATH);
    const screen = new PeoplePage(page, locale);
    await waitForPath(page, PEOPLE_PATH);
    await screen.uploadButton.waitFor();
    return screen;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  button(scope: Locator | Page, key: string, params?: Record<string, string>): Locator {
    return scope.getByRole('button', { name: exactly(this.label(key, params)) });
  }

  get uploadButton(): Locator {
    return this.button(this.page, 'people.list.upload');
  }

  get search(): Locator {
    return this.page.getByLabel(exactly(this.label('people.list.search')));
  }

  get wizard(): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.label('people.upload.title')) });
  }

  /** A success notice with this text. */
  notice(key: string, params?: Record<string, string>): Locator {
    return this.page.getByRole('status').filter({ hasText: exactly(this.label(key, params)) });
  }

  /** Opens the wizard, chooses the file and goes on to the column mapping. */
  async chooseFile(file: CsvFile): Promise<void> {
    await this.uploadButton.click();
    await this.wizard.waitFor();
    await this.wizard
      .locator('input[type="file"]')
      .setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.content, 'utf8') });
    await this.button(this.wizard, 'common.next').click();
    await this.button(this.wizard, 'people.upload.check').waitFor();
  }

  /** Runs the dry run and waits for its summary line. */
  async check(summary: { count: number; total: number; created: number; updated: number }): Promise<void> {
    await this.button(this.wizard, 'people.upload.check').click();
    await this.report
      .getByText(
        exactly(
          this.label('people.upload.wouldImport', {
            count: String(summary.count),
            total: String(summary.total),
            created: String(summary.created),
            updated: String(summary.updated),
          }),
        ),
      )
      .waitFor();
  }

  get report(): Locator {
    return this.wizard.getByTestId('upload-report');
  }

  /** The row numbers of the dry run's refusals, as the report lists them. */
  async reportedRows(): Promise<number[]> {
    const rows = this.wizard.getByTestId('upload-issues').locator('tbody tr');
    const cells = await rows.locator('td:first-child').allTextContents();
    return cells.map((cell) => Number(cell.trim()));
  }

  /** Imports the checked file, waits for the summary and closes the wizard. */
  async importAndClose(summary: { count: number; total: number; created: number; updated: number }): Promise<void> {
    await this.button(this.wizard, 'people.upload.import').click();
    const details = this.label('people.upload.details', {
      created: String(summary.created),
      updated: String(summary.updated),
    });
    await this.wizard
      .getByRole('status')
      .filter({
        hasText: exactly(
          this.label('errors.PEOPLE_UPLOAD_SUMMARY', {
            count: String(summary.count),
            total: String(summary.total),
            details,
          }),
        ),
      })
      .waitFor();
    await this.button(this.wizard, 'people.upload.done').click();
    await this.wizard.waitFor({ state: 'hidden' });
  }

  /** The pass dialog of a person, opened from their row's action. */
  passDialog(name: string): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.label('people.pass.title', { name })) });
  }

  async openPass(name: string): Promise<Locator> {
    await this.button(this.page, 'people.list.pass', { name }).click();
    const dialog = this.passDialog(name);
    await dialog.getByRole('img', { name: exactly(this.label('people.pass.imageAlt', { name })) }).waitFor();
    return dialog;
  }
}
