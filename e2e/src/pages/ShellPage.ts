import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import type { MenuKey } from '../harness/demo-users.ts';
import { exactly, text } from '../harness/i18n.ts';
import { TenantSelectorDialog } from './TenantSelectorDialog.ts';

export type ColorScheme = 'light' | 'dark';

/**
 * The toolbar (the page's banner) and what hangs from it: main navigation, its drop-down
 * menus, tenant selector, theme switch, logout, language menu and help.
 */
export class ShellPage {
  readonly page: Page;
  /** The language the interface is expected to show; follows `switchLanguage`. */
  locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  get toolbar(): Locator {
    return this.page.getByRole('banner');
  }

  get navigation(): Locator {
    return this.toolbar.getByRole('navigation', { name: exactly(this.label('shell.nav.main')) });
  }

  /** The link or menu button of a main-navigation entry. */
  navEntry(key: MenuKey): Locator {
    const name = exactly(this.label(`shell.menu.${key}`));
    return this.navigation.getByRole('link', { name }).or(this.navigation.getByRole('button', { name }));
  }

  logoutButton(username: string): Locator {
    return this.toolbar.getByRole('button', { name: exactly(this.label('shell.logout', { username })) });
  }

  get themeSwitch(): Locator {
    return this.toolbar.getByRole('switch', { name: exactly(this.label('shell.theme.dark')) });
  }

  get languageButton(): Locator {
    const language = this.label(`common.languages.${this.locale}`);
    return this.toolbar.getByRole('button', { name: exactly(this.label('shell.language.current', { language })) });
  }

  get helpLink(): Locator {
    const label = this.label('shell.menu.help');
    return this.toolbar.getByRole('link', { name: exactly(this.label('shell.newTab', { label })) });
  }

  /** The tenant button, whatever tenant it names. */
  get tenantButton(): Locator {
    return this.toolbar.getByTestId('tenant-selector');
  }

  tenantButtonFor(tenantName: string): Locator {
    return this.toolbar.getByRole('button', {
      name: exactly(this.label('shell.tenant.current', { name: tenantName })),
    });
  }

  /** Waits until the signed-in toolbar of this user is drawn. */
  async waitUntilSignedIn(username: string): Promise<void> {
    await this.logoutButton(username).waitFor();
    await this.navigation.waitFor();
  }

  /** The names of the main navigation's entries, in order (links and menu buttons). */
  async navigationLabels(): Promise<string[]> {
    await this.navigation.waitFor();
    return this.navigation
      .locator('a, button')
      .evaluateAll((elements) =>
        elements.map((element) => (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText).trim()),
      );
  }

  /** Opens a drop-down menu of the navigation, reads its items in order, and closes it. */
  async menuItemLabels(key: 'spaces' | 'reports' | 'admin'): Promise<string[]> {
    const menu = await this.openMenu(key);
    const labels = (await menu.getByRole('menuitem').allInnerTexts()).map((label) => label.trim());
    await this.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    return labels;
  }

  async openMenu(key: 'spaces' | 'reports' | 'admin'): Promise<Locator> {
    await this.navEntry(key).click();
    // Named by its button; a menu that is still fading out keeps another name.
    const menu = this.page.getByRole('menu', { name: exactly(this.label(`shell.menu.${key}`)) });
    await menu.waitFor();
    return menu;
  }

  /** Opens the language menu and picks a language (each named in its own language). */
  async switchLanguage(target: Locale): Promise<void> {
    const language = this.label(`common.languages.${this.locale}`);
    await this.languageButton.click();
    // The drop-down is named by its button (aria-labelledby wins over its own aria-label).
    const menu = this.page.getByRole('menu', { name: exactly(this.label('shell.language.current', { language })) });
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: exactly(this.label(`common.languages.${target}`)) }).click();
    await menu.waitFor({ state: 'hidden' });
    this.locale = target;
    await this.languageButton.waitFor();
  }

  async colorScheme(): Promise<ColorScheme | null> {
    const value = await this.page.locator('html').getAttribute('data-mantine-color-scheme');
    return value === 'dark' || value === 'light' ? value : null;
  }

  async waitForColorScheme(scheme: ColorScheme): Promise<void> {
    await this.page.locator(`html[data-mantine-color-scheme="${scheme}"]`).waitFor({ state: 'attached' });
  }

  /** The computed background colour of the page body, as [r, g, b]. */
  async bodyBackground(): Promise<[number, number, number]> {
    const colour = await this.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const parts = colour.match(/\d+(\.\d+)?/g)?.map(Number) ?? [];
    const [r, g, b] = parts;
    if (r === undefined || g === undefined || b === undefined) throw new Error(`Unreadable colour ${colour}`);
    return [r, g, b];
  }

  async openTenantSelector(): Promise<TenantSelectorDialog> {
    await this.tenantButton.click();
    const dialog = new TenantSelectorDialog(this.page, this.locale);
    await dialog.waitUntilShown();
    return dialog;
  }

  async logOut(username: string): Promise<void> {
    await this.logoutButton(username).click();
  }
}
