import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

type Answer = 'YES' | 'NO' | 'NA';

/**
 * The check-out form (/checkOut/{publicIdentifier}, and the last step of a kiosk's self
 * check-out): exit questions, temperature and comments when asked, the Check out button.
 */
export class CheckOutPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(page: Page, publicIdentifier: string, locale: Locale = 'en'): Promise<CheckOutPage> {
    const path = `/checkOut/${publicIdentifier}`;
    await page.goto(path);
    await waitForPath(page, path);
    const screen = new CheckOutPage(page, locale);
    await screen.heading.waitFor();
    return screen;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  get heading(): Locator {
    return this.main.getByRole('heading', { level: 1, name: exactly(this.label('publicVisit.checkOut.title')) });
  }

  /** "Ada Lovelace, checked in at 09:12". */
  get visitLine(): Locator {
    return this.main.locator('.visit-line');
  }

  questionnaire(name: string): Locator {
    return this.main.getByRole('region', { name: exactly(name) });
  }

  async answer(question: string, answer: Answer): Promise<void> {
    await this.main
      .getByRole('group', { name: exactly(question) })
      .getByRole('radio', { name: exactly(this.label(`wizard.answers.${answer}`)) })
      .check();
  }

  get submitButton(): Locator {
    return this.main.getByRole('button', { name: exactly(this.label('publicVisit.checkOut.submit')) });
  }

  get doneHeading(): Locator {
    return this.main.getByRole('heading', {
      level: 1,
      name: new RegExp(this.label('publicVisit.checkOut.successTitle')),
    });
  }
}
