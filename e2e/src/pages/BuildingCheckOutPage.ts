import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';
import { CheckOutPage } from './CheckOutPage.ts';

type SearchMode = 'byLastName' | 'byPhone' | 'byCode';

/** /buildingCheckOut/{qrCodeKey}: a kiosk's self check-out (find my visit, choose it, check out). */
export class BuildingCheckOutPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(page: Page, qrCodeKey: string, locale: Locale = 'en'): Promise<BuildingCheckOutPage> {
    const path = `/buildingCheckOut/${qrCodeKey}`;
    await page.goto(path);
    await waitForPath(page, path);
    const screen = new BuildingCheckOutPage(page, locale);
    await screen.searchButton.waitFor();
    return screen;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, `publicVisit.buildingCheckOut.${key}`, params);
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  mode(mode: SearchMode): Locator {
    return this.main.getByRole('radio', { name: exactly(this.label(mode)) });
  }

  get lastName(): Locator {
    return this.main.getByRole('textbox', { name: exactly(this.label('lastName')) });
  }

  get phoneLast4(): Locator {
    return this.main.getByRole('textbox', { name: exactly(this.label('phoneLast4')) });
  }

  get searchButton(): Locator {
    return this.main.getByRole('button', { name: exactly(this.label('search')) });
  }

  get resultsHeading(): Locator {
    return this.main.getByRole('heading', { level: 1, name: exactly(this.label('results')) });
  }

  /** The buttons of the visits found ("Ada L., checked in at 09:12"). */
  get results(): Locator {
    return this.main.getByRole('list').getByRole('button');
  }

  get noResult(): Locator {
    return this.main.getByText(this.label('noResult'));
  }

  /** Chooses a visit found: the check-out form opens. */
  async choose(result: Locator): Promise<CheckOutPage> {
    await result.click();
    const form = new CheckOutPage(this.page, this.locale);
    await form.submitButton.waitFor();
    return form;
  }

  /** Offline: the notice that only the visits this kiosk knows can be found. */
  get offlineNotice(): Locator {
    return this.page.getByTestId('checkout-offline');
  }

  /** After an offline check-out: it is saved on the kiosk and sent when the network is back. */
  get savedOffline(): Locator {
    return this.page.getByTestId('checkout-saved-offline');
  }

  get doneButton(): Locator {
    return this.main.getByRole('button', { name: exactly(text(this.locale, 'publicVisit.done')) });
  }
}
