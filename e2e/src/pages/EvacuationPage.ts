import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

/** The roll call's controls and count, the same on the admin screen and a kiosk's staff screen. */
abstract class EvacuationList {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, `evacuation.${key}`, params);
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  protected abstract get personRows(): Locator;
  abstract get total(): Locator;
  abstract get rollCallCount(): Locator;

  /** The names of everyone listed, in the list's order. */
  async names(): Promise<string[]> {
    return this.personRows.evaluateAll((rows) =>
      rows.map((row) => (row.querySelector('[data-name]')?.textContent ?? '').trim()),
    );
  }

  /** A person's row by their name. */
  row(name: string): Locator {
    return this.personRows.filter({ has: this.page.locator('[data-name]', { hasText: exactly(name) }) });
  }

  /** A person type's table ("Visitors: 3"). */
  group(groupLabel: string, count: number): Locator {
    return this.main.getByRole('table', {
      name: exactly(this.label('groupCaption', { group: groupLabel, count: String(count) })),
    });
  }

  get startRollCall(): Locator {
    return this.main.getByRole('button', { name: exactly(this.label('rollCall.start')) });
  }

  get endRollCall(): Locator {
    return this.main.getByRole('button', { name: exactly(this.label('rollCall.end')) });
  }

  safeCheckbox(name: string): Locator {
    return this.main.getByRole('checkbox', { name: exactly(this.label('rollCall.markSafe', { name })) });
  }

  accountedText(accounted: number, total: number): string {
    return this.label('rollCall.accounted', { accounted: String(accounted), total: String(total) });
  }
}

/** /evacuation in the admin app: the building's list, live, printable, with a roll call. */
export class AdminEvacuationPage extends EvacuationList {
  static readonly path = '/evacuation';

  static async open(page: Page, locale: Locale = 'en'): Promise<AdminEvacuationPage> {
    await page.goto(AdminEvacuationPage.path);
    await waitForPath(page, AdminEvacuationPage.path);
    const screen = new AdminEvacuationPage(page, locale);
    await screen.waitUntilShown();
    return screen;
  }

  async waitUntilShown(): Promise<void> {
    await this.main.getByRole('heading', { level: 1, name: exactly(this.label('title')) }).waitFor();
    await this.total.waitFor();
  }

  protected get personRows(): Locator {
    return this.page.getByTestId('evacuation-person');
  }

  get total(): Locator {
    return this.page.getByTestId('evacuation-total');
  }

  get rollCallCount(): Locator {
    return this.page.getByTestId('roll-call-count');
  }

  get buildingChoice(): Locator {
    return this.main.getByRole('textbox', { name: exactly(this.label('building')) });
  }

  get printButton(): Locator {
    return this.main.getByRole('button', { name: exactly(this.label('print')) });
  }
}

/** The evacuation list of a kiosk's staff screen (behind the building PIN), offline too. */
export class KioskEvacuationView extends EvacuationList {
  get heading(): Locator {
    return this.main.getByRole('heading', { level: 1, name: exactly(this.label('kiosk.title')) });
  }

  /** Opens it from the unlocked staff screen. */
  async open(): Promise<void> {
    await this.page.getByTestId('staff-evacuation').click();
    await this.heading.waitFor();
    await this.total.waitFor();
  }

  protected get personRows(): Locator {
    return this.page.getByTestId('kiosk-evacuation-person');
  }

  get total(): Locator {
    return this.page.getByTestId('kiosk-evacuation-total');
  }

  get rollCallCount(): Locator {
    return this.page.getByTestId('kiosk-roll-call-count');
  }

  get offlineNotice(): Locator {
    return this.main.getByText(this.label('kiosk.offline'));
  }
}
