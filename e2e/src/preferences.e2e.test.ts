// Language and theme are the user's choices: they change what the toolbar shows and
// survive a reload.
import type { Locale } from '@vestibule/shared';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { demoUsers, expectedNavigation } from './harness/demo-users.ts';
import { text } from './harness/i18n.ts';
import { LoginPage } from './pages/LoginPage.ts';
import type { ShellPage } from './pages/ShellPage.ts';

const session = useBrowser();
const poll = { timeout: UI_TIMEOUT_MS };
// master sees every kind of entry: links, drop-down menus and the profile icon.
const user = demoUsers.master;

async function expectToolbarIn(shell: ShellPage, locale: Locale): Promise<void> {
  const expected = expectedNavigation(user).map((key) => text(locale, `shell.menu.${key}`));
  await expect.poll(() => shell.navigationLabels(), poll).toEqual(expected);
  await expect.poll(() => session.page.locator('html').getAttribute('lang'), poll).toBe(locale);
  await shell.languageButton.waitFor();
  await shell.logoutButton(user.username).waitFor();
  await shell.themeSwitch.waitFor();
}

/** Luminance 0 (black) to 1 (white) of an sRGB colour, roughly. */
function lightness([r, g, b]: [number, number, number]): number {
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

describe('preferences', () => {
  test.each<Locale>(['fr', 'es'])(
    'switching the language to %s translates the toolbar, also after a reload',
    async (locale) => {
      const shell = await (await LoginPage.open(session.page)).signInAs(user);
      await expectToolbarIn(shell, 'en');
      // The catalogues must really differ, or this scenario would prove nothing.
      expect(text(locale, 'shell.menu.entryLog')).not.toBe(text('en', 'shell.menu.entryLog'));

      await shell.switchLanguage(locale);
      await expectToolbarIn(shell, locale);
      expect(await shell.menuItemLabels('admin')).toEqual(
        user.adminMenu.map((key) => text(locale, `shell.menu.${key}`)),
      );

      await session.page.reload();
      await shell.waitUntilSignedIn(user.username);
      await expectToolbarIn(shell, locale);
      await expectNoAxeViolations(session.page, `the shell in ${locale}`);
    },
  );

  test('dark mode survives a reload', async () => {
    const shell = await (await LoginPage.open(session.page)).signInAs(user);
    await shell.waitForColorScheme('light');
    expect(await shell.themeSwitch.getAttribute('aria-checked')).toBe('false');
    expect(lightness(await shell.bodyBackground())).toBeGreaterThan(0.8);

    await shell.themeSwitch.click();
    await shell.waitForColorScheme('dark');
    await expect.poll(() => shell.themeSwitch.getAttribute('aria-checked'), poll).toBe('true');
    await expect.poll(async () => lightness(await shell.bodyBackground()), poll).toBeLessThan(0.2);

    await session.page.reload();
    await shell.waitUntilSignedIn(user.username);
    await shell.waitForColorScheme('dark');
    expect(await shell.themeSwitch.getAttribute('aria-checked')).toBe('true');
    expect(lightness(await shell.bodyBackground())).toBeLessThan(0.2);
    await expectNoAxeViolations(session.page, 'the shell in dark mode');
  });
});
