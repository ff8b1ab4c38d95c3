import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';

/** A page that is only its h1 and a text: access denied, not found, coming soon. */
abstract class HeadedPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  protected abstract get titleKey(): string;

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: exactly(text(this.locale, this.titleKey)) });
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  async waitUntilShown(): Promise<void> {
    await this.heading.waitFor();
  }
}

/** Shown in place of a route the user's role may not open. */
export class AccessDeniedPage extends HeadedPage {
  protected get titleKey(): string {
    return 'shell.accessDenied.title';
  }

  get explanation(): Locator {
    return this.main.getByText(text(this.locale, 'shell.accessDenied.text'), { exact: true });
  }

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.explanation.waitFor();
  }
}

/** Any path the app does not know. */
export class NotFoundPage extends HeadedPage {
  protected get titleKey(): string {
    return 'shell.notFound.title';
  }

  get explanation(): Locator {
    return this.main.getByText(text(this.locale, 'shell.notFound.text'), { exact: true });
  }

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.explanation.waitFor();
  }
}
