import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';
import { BuildingDialogPage } from './BuildingDialogPage.ts';

export const BUILDINGS_PATH = '/admin/buildings';

/** /admin/buildings: the company's buildings (search, sort, pages) and the add button. */
export class BuildingsPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(page: Page, locale: Locale = 'en'): Promise<BuildingsPage> {
    await page.goto(BUILDINGS_PATH);
    const screen = new BuildingsPage(page, locale);
    await screen.waitUntilShown();
    return screen;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: exactly(this.label('pages.buildings.title')) });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: exactly(this.label('buildings.list.caption')) });
  }

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: exactly(this.label('buildings.list.search')) });
  }

  get addButton(): Locator {
    return this.page.getByRole('button', { name: exactly(this.label('buildings.list.add')) });
  }

  /** The button that opens a building: its name in the first column. */
  buildingButton(name: string): Locator {
    return this.table.getByRole('button', { name: exactly(name) });
  }

  async waitUntilShown(): Promise<void> {
    await waitForPath(this.page, BUILDINGS_PATH);
    await this.heading.waitFor();
    await this.table.waitFor();
  }

  /** Finds the building with the search field (the list is paged) and opens its dialog. */
  async openBuilding(name: string): Promise<BuildingDialogPage> {
    await this.search.fill(name);
    await this.buildingButton(name).click();
    const dialog = new BuildingDialogPage(this.page, this.locale);
    await dialog.waitUntilShown('edit');
    return dialog;
  }

  async addBuilding(): Promise<BuildingDialogPage> {
    await this.addButton.click();
    const dialog = new BuildingDialogPage(this.page, this.locale);
    await dialog.waitUntilShown('add');
    return dialog;
  }
}
