import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, leading, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

type VisitorType = 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE';
type Answer = 'YES' | 'NO' | 'NA';
type WizardButton = 'next' | 'back' | 'cancel' | 'finish';

/**
 * /checkin/{hash} and /checkinKiosk/{hash}: the person type choice, the check-in wizard and
 * its outcome. Names come from the shared catalogues in the page's current language.
 */
export class CheckInPage {
  readonly page: Page;
  locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(
    page: Page,
    qrCodeKey: string,
    options: { kiosk?: boolean; locale?: Locale; query?: string } = {},
  ): Promise<CheckInPage> {
    const path = `/${options.kiosk ? 'checkinKiosk' : 'checkin'}/${qrCodeKey}`;
    await page.goto(`${path}${options.query ?? ''}`);
    await waitForPath(page, path);
    const screen = new CheckInPage(page, options.locale);
    await screen.typeButton('VISITOR').waitFor();
    return screen;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  get languageSelect(): Locator {
    return this.page.getByRole('banner').getByRole('combobox', { name: this.label('publicPages.language') });
  }

  /** A kiosk's languages: a button per language, its flag and its name. */
  get languageButtons(): Locator {
    return this.page.getByRole('banner').getByRole('group', { name: this.label('publicPages.language') });
  }

  /** Switches the language with the header's switch (a phone's list, a kiosk's buttons); the page model follows. */
  async switchLanguage(locale: Locale): Promise<void> {
    await this.languageSelect.or(this.languageButtons).waitFor();
    if (await this.languageButtons.isVisible()) {
      await this.languageButtons
        .getByRole('button', { name: exactly(text(locale, `common.languages.${locale}`)) })
        .click();
    } else {
      await this.languageSelect.selectOption(locale);
    }
    this.locale = locale;
    await this.page.locator(`html[lang="${locale}"]`).waitFor({ state: 'attached' });
  }

  // --- Person type ----------------------------------------------------------------------

  get welcomeHeading(): Locator {
    return this.main.getByRole('heading', { level: 1 });
  }

  typeButton(type: VisitorType): Locator {
    return this.main.getByRole('button', {
      name: leading(this.label(`publicVisit.checkIn.types.${type}`)),
    });
  }

  async chooseType(type: VisitorType): Promise<void> {
    await this.typeButton(type).click();
    await this.stepHeading.waitFor();
  }

  // --- Wizard ---------------------------------------------------------------------------

  /** The current step's heading: "Step n of m" and its title. */
  get stepHeading(): Locator {
    return this.main.getByRole('heading', { level: 2 });
  }

  async waitForStep(current: number, total: number, title: string): Promise<void> {
    const progress = this.label('wizard.progress', { current: String(current), total: String(total) });
    await this.stepHeading.filter({ hasText: progress }).filter({ hasText: title }).waitFor();
  }

  button(name: WizardButton): Locator {
    return this.main.getByRole('button', { name: exactly(this.label(`wizard.buttons.${name}`)) });
  }

  /** A text field by its label (optional fields carry "(optional)" after it). */
  field(label: string): Locator {
    return this.main.getByRole('textbox', { name: new RegExp(`^\\s*${escape(label)}`) });
  }

  formField(key: string): Locator {
    // The host field is a combobox over the building's hosts (docs/check-in.md, "The host").
    if (key === 'host') return this.hostField;
    return this.field(this.label(`wizard.fields.${key}`));
  }

  get hostField(): Locator {
    return this.main.getByRole('combobox', { name: new RegExp(`^\\s*${escape(this.label('wizard.fields.host'))}`) });
  }

  /** The host field's list of the hosts found. */
  get hostOptions(): Locator {
    return this.main.getByRole('listbox', { name: exactly(this.label('wizard.hostSearch.options')) });
  }

  /** Types the first letters of a host's name as a person does, and chooses them in the list by their name. */
  async chooseHost(typed: string, name: string): Promise<void> {
    await this.hostField.fill('');
    await this.hostField.pressSequentially(typed);
    await this.hostOptions.getByRole('option', { name: new RegExp(`^${escape(name)}`) }).click();
    await this.main.getByText(new RegExp(`^\\W*${escape(this.label('wizard.hostSearch.chosen', { name }))}`)).waitFor();
  }

  async fillForm(values: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(values)) await this.formField(key).fill(value);
  }

  /** A yes/no question (its answers are a group named by the question). */
  question(name: string): Locator {
    return this.main.getByRole('group', { name: exactly(name) });
  }

  answerOption(question: string, answer: Answer): Locator {
    return this.question(question).getByRole('radio', { name: exactly(this.label(`wizard.answers.${answer}`)) });
  }

  async answer(question: string, answer: Answer): Promise<void> {
    await this.answerOption(question, answer).check();
  }

  /** A free-text question. */
  freeText(question: string): Locator {
    return this.main.getByRole('textbox', { name: exactly(question) });
  }

  get consentCheckbox(): Locator {
    return this.main.getByRole('checkbox', { name: exactly(this.label('wizard.consent.accept')) });
  }

  get emailMeCheckbox(): Locator {
    return this.main.getByRole('checkbox', { name: exactly(this.label('wizard.emailMe.toggle')) });
  }

  get emailMeAddress(): Locator {
    return this.field(this.label('wizard.emailMe.address'));
  }

  temperature(which: 1 | 2): Locator {
    return this.field(this.label(which === 1 ? 'wizard.temperature.first' : 'wizard.temperature.second'));
  }

  get comments(): Locator {
    return this.field(this.label('wizard.comments.label'));
  }

  /** The step's status line (why Next or Finish is disabled). */
  get stepHint(): Locator {
    return this.main.locator('.wizard-hint');
  }

  // --- Outcome --------------------------------------------------------------------------

  outcome(kind: 'allowed' | 'refused' | 'already-in' | 'held'): Locator {
    return this.main.locator(`[data-outcome="${kind}"]`);
  }

  outcomeHeading(kind: 'allowed' | 'refused' | 'already-in' | 'held'): Locator {
    return this.outcome(kind).getByRole('heading', { level: 1 });
  }

  /** The value of a term of the success screen (visit code, PIN). */
  code(term: 'code' | 'pin'): Locator {
    return this.outcome('allowed')
      .getByRole('term')
      .filter({ hasText: exactly(this.label(`publicVisit.success.${term}`)) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** A kiosk's warning before it returns to its welcome screen. */
  get idleWarning(): Locator {
    return this.page.getByRole('button', { name: exactly(this.label('publicVisit.kiosk.stay')) });
  }

  get doneButton(): Locator {
    return this.main.getByRole('button', { name: exactly(this.label('publicVisit.done')) });
  }

  get checkOutLink(): Locator {
    return this.outcome('allowed').getByRole('link', { name: exactly(this.label('publicVisit.success.checkOutLink')) });
  }
}

function escape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
