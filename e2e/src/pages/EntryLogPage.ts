import type { Locale, VisitStatus } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

type Counter = 'inBuilding' | 'expectedToday' | 'leavingWithinHour' | 'checkedOutToday';
/** What a row's status badge says (entryLog.status.*). */
type BadgeState = VisitStatus;

export interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  companyName?: string;
  /** Typed in the host field to find them (part of a name or an e-mail address). */
  hostSearch: string;
  /** The host's full name, which their option starts with. */
  hostName: string;
  /** yyyy-MM-dd and HH:mm on the building's clock. */
  date: string;
  time: string;
}

/**
 * /check-in-out, the entry log: the building's counters, the list of visits with their
 * status words and the row actions named after the visitor, the new invitation and the staff
 * check-out dialogs. Names come from the shared catalogues.
 */
export class EntryLogPage {
  static readonly path = '/check-in-out';
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(page: Page, locale: Locale = 'en'): Promise<EntryLogPage> {
    await page.goto(EntryLogPage.path);
    await waitForPath(page, EntryLogPage.path);
    const screen = new EntryLogPage(page, locale);
    await screen.waitUntilShown();
    return screen;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, `entryLog.${key}`, params);
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  async waitUntilShown(): Promise<void> {
    await this.main
      .getByRole('heading', { level: 1, name: exactly(text(this.locale, 'pages.checkInOut.title')) })
      .waitFor();
    await this.table.waitFor();
  }

  // --- Counters -------------------------------------------------------------------------

  counter(name: Counter): Locator {
    return this.page.getByTestId(`counter-${name}-value`);
  }

  /** A counter's number, or null while it loads. */
  async counterValue(name: Counter): Promise<number | null> {
    const value = (await this.counter(name).innerText()).trim();
    return /^\d+$/.test(value) ? Number(value) : null;
  }

  // --- The list -------------------------------------------------------------------------

  get table(): Locator {
    return this.page.getByTestId('entry-log-table');
  }

  /** The button on a visitor's name that opens the visit. */
  detailsButton(name: string): Locator {
    return this.table.getByRole('button', { name: exactly(this.label('rowActions.details', { name })) });
  }

  /** The row of a visitor by their name. */
  row(name: string): Locator {
    const details = this.page.getByRole('button', { name: exactly(this.label('rowActions.details', { name })) });
    return this.table.getByRole('row').filter({ has: details });
  }

  /**
   * The words of a row's status badge (as written: the badge shows them in capitals), wherever its
   * column is (the building column hides for one building).
   */
  async status(name: string): Promise<string> {
    return ((await this.row(name).locator('.mantine-Badge-root[data-state]').first().textContent()) ?? '').trim();
  }

  statusText(state: BadgeState): string {
    return this.label(`status.${state}`);
  }

  checkOutButton(name: string): Locator {
    return this.row(name).getByRole('button', { name: exactly(this.label('rowActions.checkOutOf', { name })) });
  }

  /** The success banner of an action ("Ada Lovelace is checked out."). */
  notice(key: string, params: Record<string, string>): Locator {
    return this.page.getByRole('status').filter({ hasText: this.label(key, params) });
  }

  // --- New invite -----------------------------------------------------------------------

  get inviteButton(): Locator {
    return this.main.getByRole('button', { name: exactly(this.label('list.invite')) });
  }

  get inviteDialog(): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.label('invite.title')) });
  }

  /** A field of the invitation by its label (a required one carries an asterisk). */
  inviteField(key: string): Locator {
    const label = this.label(`invite.${key}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.inviteDialog.getByLabel(new RegExp(`^\\s*${label}\\s*\\*?\\s*$`));
  }

  /** The invitation's time, labelled "Time (zone)" with the building's zone. */
  get inviteTimeField(): Locator {
    const [before = ''] = this.label('invite.timeIn', { zone: '\u0000' }).split('\u0000');
    return this.inviteDialog.getByLabel(new RegExp(`^\\s*${before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  }

  /** Fills the new invitation's dialog with someone new and a host found in the directory; does not send it. */
  async fillInvitation(values: InviteValues): Promise<void> {
    await this.inviteButton.click();
    await this.inviteDialog.waitFor();
    await this.inviteField('firstName').fill(values.firstName);
    await this.inviteField('lastName').fill(values.lastName);
    await this.inviteField('email').fill(values.email);
    if (values.companyName) await this.inviteField('companyName').fill(values.companyName);
    await this.inviteField('host').fill(values.hostSearch);
    await this.page
      .getByRole('option', { name: new RegExp(`^${values.hostName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) })
      .click();
    await this.inviteField('date').fill(values.date);
    await this.inviteTimeField.fill(values.time);
  }

  /** Sends the filled invitation and waits for the dialog to close. */
  async sendInvitation(): Promise<void> {
    await this.inviteDialog.getByRole('button', { name: exactly(this.label('invite.send')) }).click();
    await this.inviteDialog.waitFor({ state: 'detached' });
  }

  // --- Staff check-out ------------------------------------------------------------------

  checkOutDialog(name: string): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.label('checkOut.title', { name })) });
  }

  /** Checks a visitor out from their row, with nothing to fill in (the building asks nothing at exit). */
  async checkOut(name: string): Promise<void> {
    await this.checkOutButton(name).click();
    const dialog = this.checkOutDialog(name);
    await dialog.getByText(this.label('checkOut.nothingToFill', { name })).waitFor();
    await dialog.getByRole('button', { name: exactly(this.label('checkOut.submit')) }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
