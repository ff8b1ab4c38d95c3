// The user's own profile, on a user of this file's own (made through the API, so no demo
// user's details or password change): details and preferences saved, the interface in the saved
// language at once, every date in the saved formats, and a password change after which this
// session goes on with the server's new token and only the new password signs in.
import { ApiError } from '@vestibule/shared/api';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { waitForPath } from './harness/navigation.ts';
import { serviceClient, signedIn } from './harness/service.ts';
import { BuildingsPage } from './pages/BuildingsPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { ProfilePage } from './pages/ProfilePage.ts';
import { ShellPage } from './pages/ShellPage.ts';

const session = useBrowser();
const FIRST_PASSWORD = 'Profile-First1!';
const NEW_PASSWORD = 'Profile-Next2@';
const BUILDING = 'Demo HQ';

const suffix = Date.now().toString(36);
/** A corporate user of Demo Corp: they see the company's buildings, so a favourite and dates to show. */
const account = { username: `profile-${suffix}`, email: `profile-${suffix}@demo-corp.example` };

beforeAll(async () => {
  const master = await signedIn(session.baseUrl, demoUsers.master.username);
  const created = await master.call('POST /user', {
    body: { ...account, role: 'ROLE_MASTER', firstName: 'Pat', lastName: 'Profile' },
  });
  await master.call('POST /user/:id/changePassword', {
    params: { id: created.id },
    body: { password: FIRST_PASSWORD, confirmPassword: FIRST_PASSWORD },
  });
});

/** Signs the account in from the sign-in page and waits for its toolbar at its home. */
async function signIn(password: string): Promise<ShellPage> {
  const login = await LoginPage.open(session.page);
  await login.submitCredentials(account.username, password);
  await waitForPath(session.page, demoUsers.master.home);
  const shell = new ShellPage(session.page);
  await shell.waitUntilSignedIn(account.username);
  return shell;
}

/** `iso` written as dd.MM.yyyy hh:mm a in this machine's time zone (the browser's), French day half. */
function inChosenFormats(iso: string): string {
  const date = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  const half = new Intl.DateTimeFormat('fr', { hour: 'numeric', hour12: true })
    .formatToParts(date)
    .find((part) => part.type === 'dayPeriod')?.value;
  const day = `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()}`;
  return `${day} ${two(date.getHours() % 12 || 12)}:${two(date.getMinutes())} ${half}`;
}

describe('my profile', () => {
  test('saves details and preferences: French at once, the chosen formats on every date, axe in light and dark', async () => {
    const shell = await signIn(FIRST_PASSWORD);
    await shell.navEntry('profile').click();
    const profile = new ProfilePage(session.page);
    await profile.waitUntilShown();
    await expect.poll(() => profile.field('details.firstName').inputValue()).toBe('Pat');
    expect(await profile.field('details.username').inputValue()).toBe(account.username);
    await expectNoAxeViolations(session.page, 'the profile page');

    await profile.field('details.firstName').fill('Patricia');
    await profile.field('details.phone').fill('+1 416 555 0142');
    await profile.chooseFormat('dateFormat', 'dd.MM.yyyy');
    await profile.chooseFormat('timeFormat', 'hh:mm a');
    await profile.choose('preferences.favouriteBuilding', BUILDING);
    await profile.choose('preferences.language', text('en', 'common.languages.fr'));
    await profile.save('fr');

    // The page and the toolbar are in French as soon as the profile is saved.
    shell.locale = 'fr';
    await profile.heading.waitFor();
    expect(await session.page.locator('html').getAttribute('lang')).toBe('fr');
    await shell.languageButton.waitFor();
    expect(await profile.field('details.firstName').inputValue()).toBe('Patricia');
    const own = serviceClient(session.baseUrl, {
      token: (
        await serviceClient(session.baseUrl).call('POST /login', {
          body: { username: account.username, password: FIRST_PASSWORD },
        })
      ).token,
    });
    const saved = await own.call('GET /profile');
    const demoHq = saved.userBuildings.find((building) => building.name === BUILDING);
    expect(saved).toMatchObject({
      firstName: 'Patricia',
      lastName: 'Profile',
      phone: '+1 416 555 0142',
      userLocale: 'fr',
      dateFormat: 'dd.MM.yyyy',
      timeFormat: 'hh:mm a',
      favouriteBuildingId: demoHq?.id,
    });

    await shell.themeSwitch.click();
    await shell.waitForColorScheme('dark');
    await expectNoAxeViolations(session.page, 'the profile page in French, dark');

    // Another screen's dates follow the saved formats, also after a reload.
    const buildings = await BuildingsPage.open(session.page, 'fr');
    await buildings.search.fill(BUILDING);
    const { docs } = await own.call('GET /building', { query: { search: BUILDING } });
    const updatedAt = docs.find((building) => building.name === BUILDING)?.updatedAt ?? '';
    const named = session.page.getByRole('button', { name: exactly(BUILDING) });
    const row = buildings.table.getByRole('row').filter({ has: named });
    await row.getByRole('cell', { name: exactly(inChosenFormats(updatedAt)) }).waitFor();
    await session.page.reload();
    await buildings.waitUntilShown();
    await buildings.search.fill(BUILDING);
    await row.getByRole('cell', { name: exactly(inChosenFormats(updatedAt)) }).waitFor();

    // Signing in again from a browser set to English, the interface takes the saved language.
    await shell.logOut(account.username);
    await session.page.evaluate(() => localStorage.setItem('locale', 'en'));
    const login = await LoginPage.open(session.page);
    await login.submitCredentials(account.username, FIRST_PASSWORD);
    await waitForPath(session.page, demoUsers.master.home);
    await new ShellPage(session.page, 'fr').waitUntilSignedIn(account.username);
    expect(await session.page.locator('html').getAttribute('lang')).toBe('fr');
    // The next scenario reads the English labels.
    await own.call('PATCH /profile', { body: { userLocale: 'en' } });
  });

  test('changes the password: the current one is checked, the session goes on with the new token, only the new one signs in', async () => {
    const shell = await signIn(FIRST_PASSWORD);
    const profile = await ProfilePage.open(session.page);
    const oldToken = await session.page.evaluate(() => localStorage.getItem('token'));

    await profile.passwordField('oldPassword').fill('Not-the-one1!');
    await profile.passwordField('newPassword').fill(NEW_PASSWORD);
    await profile.passwordField('confirmPassword').fill(NEW_PASSWORD);
    await profile.passwordSection
      .getByRole('button', { name: exactly(profile.label('myProfile.password.submit')) })
      .click();
    await profile.passwordSection.getByText(exactly(text('en', 'errors.OLD_PASSWORD_NOT_MATCH'))).waitFor();
    await expect.poll(() => profile.passwordField('oldPassword').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(session.page, 'the profile page with a refused password');

    await profile.changePassword(FIRST_PASSWORD, NEW_PASSWORD);
    expect(await profile.passwordField('oldPassword').inputValue()).toBe('');
    // This tab holds the new token; the old one is refused from now on.
    const newToken = await session.page.evaluate(() => localStorage.getItem('token'));
    expect(newToken).not.toBe(oldToken);
    const refused = await serviceClient(session.baseUrl, { token: oldToken ?? '' })
      .call('GET /profile')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(401);
    await session.page.reload();
    await profile.waitUntilShown();
    await shell.waitUntilSignedIn(account.username);

    await shell.logOut(account.username);
    const login = new LoginPage(session.page);
    await login.waitUntilShown();
    await login.submitCredentials(account.username, FIRST_PASSWORD);
    await login.error.filter({ hasText: exactly(text('en', 'errors.WRONG_PASSWORD')) }).waitFor();
    await signIn(NEW_PASSWORD);
  });
});
