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
  /** The test id of the line under a person's marks: who marked them and when. */
  protected abstract get markedByTestId(): string;

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

  /** Starts a roll call for an alarm. */
  get startRollCall(): Locator {
    return this.main.getByRole('button', { name: exactly(this.label('rollCall.startAlarm')) });
  }

  get startDrill(): Locator {
    return this.main.getByRole('button', { name: exactly(this.label('rollCall.startDrill')) });
  }

  /** Ends the roll call; `unaccounted`: someone is not accounted for, and the screen asks first. */
  async endRollCall(unaccounted: boolean): Promise<void> {
    const end = exactly(this.label('rollCall.end'));
    await this.main.getByRole('button', { name: end }).click();
    if (unaccounted) await this.main.getByRole('alert').getByRole('button', { name: end }).click();
  }

  /** Marks a person present or absent (pressed again, the mark is taken back). */
  markButton(name: string, status: 'PRESENT' | 'ABSENT'): Locator {
    const key = status === 'PRESENT' ? 'rollCall.markPresent' : 'rollCall.markAbsent';
    return this.main.getByRole('button', { name: exactly(this.label(key, { name })) });
  }

  /** Who marked the person and when, as the row says it. */
  markedBy(name: string): Locator {
    return this.row(name).getByTestId(this.markedByTestId);
  }

  accountedText(present: number, total: number): string {
    return this.label('rollCall.accounted', { present: String(present), total: String(total) });
  }

  /** The heading of a running roll call ("Alarm: roll call in progress"). */
  runningHeading(reason: 'ALARM' | 'DRILL'): Locator {
    return this.main.getByRole('heading', {
      name: exactly(this.label('rollCall.running', { reason: this.label(`rollCall.reasons.${reason}`) })),
    });
  }
}

/** /evacuation in the admin app: the building's list, live, printable, with a roll call. */
export class AdminEvacuationPage extends EvacuationList {
  static readonly path = '/evacuation';

  /** The screen, on a building of the user's when one is named (else the one the screen picks). */
  static async open(page: Page, locale: Locale = 'en', buildingId?: string): Promise<AdminEvacuationPage> {
    await page.goto(buildingId ? `${AdminEvacuationPage.path}?building=${buildingId}` : AdminEvacuationPage.path);
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

  protected get markedByTestId(): string {
    return 'roll-call-marked-by';
  }

  /** The outcome of the last roll call, once it ended. */
  get lastRollCall(): Locator {
    return this.page.getByTestId('roll-call-last');
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

  protected get markedByTestId(): string {
    return 'kiosk-roll-call-marked-by';
  }

  get offlineNotice(): Locator {
    return this.main.getByText(this.label('kiosk.offline'));
  }
}
