// The desk at a glance, in the browser, as a front-desk user (ROLE_USER) of Demo HQ: a visitor
// who came before is checked in again in two clicks and one typed search; each of the four tiles
// filters the list to as many visits as it counts; a dialog takes the focus to its first field,
// keeps its actions in sight, covers the version footer, and gives the focus back to the button
// that opened it after Escape; and the status words stay whole (no ellipsis) in Spanish and
// French at 1440 px.
import type { Locale } from '@vestibule/shared';
import type { ApiClient } from '@vestibule/shared/api';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { waitForPath } from './harness/navigation.ts';
import { signedIn } from './harness/service.ts';
import { LoginPage } from './pages/LoginPage.ts';

const session = useBrowser();
const frontDesk = demoUsers.user;
const en = (key: string, params?: Record<string, string>) => text('en', key, params);
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const poll = { timeout: UI_TIMEOUT_MS };
const DESK = { width: 1440, height: 900 };
const counters = ['inBuilding', 'expectedToday', 'leavingWithinHour', 'checkedOutToday'] as const;

/** Demo HQ, the front desk's one building, by the list of buildings the session sees. */
async function demoHq(api: ApiClient): Promise<{ id: string; name: string }> {
  const { buildings } = await api.call('GET /selectTenant');
  const building = buildings.find((candidate) => candidate.name === 'Demo HQ');
  if (!building) throw new Error('The front desk user sees no Demo HQ');
  return building;
}

const main = (page: Page) => page.getByRole('main');
const table = (page: Page) => page.getByTestId('entry-log-table');
const visitRows = (page: Page) => table(page).locator('[data-testid^="visit-row-"]');
const row = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: exactly(en('entryLog.rowActions.details', { name })) }) });

async function counterValue(page: Page, name: string): Promise<number | null> {
  const value = (await page.getByTestId(`counter-${name}-value`).innerText()).trim();
  return /^\d+$/.test(value) ? Number(value) : null;
}

/** The number of visits the pager says the list holds ("1–4 of 4"), or null before it answers. */
async function listTotal(page: Page): Promise<number | null> {
  const range = (await page.getByTestId('entry-log-range').innerText()).trim();
  const total = /(\d+)\s*$/.exec(range);
  return total ? Number(total[1]) : null;
}

/**
 * Shows 50 visits a page, so a tile's visits are all on the first page. Once the list has
 * answered, as a person would: the rows it brings push the pager down, and a page-size menu
 * opened before hides with its field as the field leaves the screen.
 */
async function fiftyAPage(page: Page, locale: Locale = 'en'): Promise<void> {
  await expect.poll(() => listTotal(page), poll).not.toBeNull();
  await page.getByRole('textbox', { name: exactly(text(locale, 'common.list.pageSize')) }).click();
  await page.getByRole('option', { name: exactly('50') }).click();
  await expect.poll(() => listTotal(page), poll).not.toBeNull();
}

async function signInAtTheDesk(page: Page) {
  await page.setViewportSize(DESK);
  const shell = await (await LoginPage.open(page)).signInAs(frontDesk);
  await waitForPath(page, '/check-in-out');
  await main(page)
    .getByRole('heading', { level: 1, name: exactly(en('pages.checkInOut.title')) })
    .waitFor();
  await expect.poll(() => counterValue(page, 'inBuilding'), poll).not.toBeNull();
  return shell;
}

/** Whether the focused element is `locator`'s element. */
function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Checks a visitor out from their row, answering "no" to any exit question. */
async function checkOutFromTheList(page: Page, name: string): Promise<void> {
  await row(page, name)
    .getByRole('button', { name: exactly(en('entryLog.rowActions.checkOutOf', { name })) })
    .click();
  const dialog = page.getByRole('dialog', { name: exactly(en('entryLog.checkOut.title', { name })) });
  const submit = dialog.getByRole('button', { name: exactly(en('entryLog.checkOut.submit')) });
  await submit.waitFor();
  for (const question of await dialog.locator('fieldset.question').all()) {
    await question.getByRole('radio', { name: exactly(en('wizard.answers.NO')) }).check();
  }
  for (const input of await dialog.locator('input[required][inputmode=decimal]').all()) await input.fill('36.6');
  await submit.click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the desk at a glance', () => {
  test(
    'a visitor who came before is checked in again in two clicks and one typed search, their host kept',
    { timeout: 180_000 },
    async () => {
      const { page } = session;
      const api = await signedIn(session.baseUrl, frontDesk.username);
      const building = await demoHq(api);
      const [host] = (
        await api.call('GET /meeting/building/:id/employee', { params: { id: building.id }, query: { limit: 1 } })
      ).docs;
      if (!host) throw new Error('Demo HQ has no employee in the directory to host the visit');
      const hostName = `${host.firstName} ${host.lastName}`;
      const visitor = { firstName: 'Rita', lastName: `Returning${suffix}` };
      const name = `${visitor.firstName} ${visitor.lastName}`;

      // Their first visit, made at the desk and ended: what the building's form makes mandatory given.
      const data = await api.call('GET /meeting/building/:id/checkInData', {
        params: { id: building.id },
        query: { visitorType: 'VISITOR' },
      });
      if (data.questionnairesOnStaffCheckIn) throw new Error('Demo HQ asks its questions at the desk');
      const form: Record<string, string | boolean> = {
        firstName: visitor.firstName,
        lastName: visitor.lastName,
        companyName: 'Initech',
        host: hostName,
      };
      for (const [key, field] of Object.entries(data.checkInForm)) {
        if (!field?.enabled || !field.mandatory || key in form) continue;
        form[key] =
          field.type === 'BOOLEAN'
            ? true
            : key === 'email'
              ? `rita.${suffix}@example.test`
              : key === 'phone'
                ? '555 0100'
                : 'E2E';
      }
      const checkedIn = await api.call('POST /meetingWithCheckIn', {
        body: {
          buildingId: building.id,
          visitorType: 'VISITOR',
          personId: null,
          hostPersonId: host.personId,
          scheduledDuration: null,
          checkInForm: form,
          questionnairesAnswers: [],
          consentAccepted: true,
          tempMeasure1: null,
          tempMeasure2: null,
          comments: null,
          emailMeActive: false,
          emailMeEmail: null,
        },
      });
      const first = checkedIn.entryLogItem;
      if (!first) throw new Error('The first visit was not checked in');
      await signInAtTheDesk(page);
      await page.getByRole('searchbox', { name: exactly(en('entryLog.filters.search')) }).fill(visitor.lastName);
      await expect.poll(() => row(page, name).textContent(), poll).toContain(en('entryLog.status.IN'));
      await checkOutFromTheList(page, name);
      await expect.poll(() => row(page, name).textContent(), poll).toContain(en('entryLog.status.OUT'));

      // Click 1: the desk's check-in; typed: the start of their last name; click 2: "Check in".
      await main(page)
        .getByRole('button', { name: exactly(en('entryLog.list.fastCheckIn')) })
        .click();
      const dialog = page.getByRole('dialog', { name: exactly(en('entryLog.desk.title')) });
      const find = dialog.getByRole('searchbox', { name: exactly(en('entryLog.desk.find')) });
      await find.waitFor();
      // The dialog gives its search the focus once it has opened: waited for, as a loaded machine is slow.
      await expect.poll(() => isFocused(find), poll).toBe(true);
      await page.keyboard.type(visitor.lastName.slice(0, 12));
      await dialog.getByRole('button', { name: exactly(en('entryLog.desk.checkInOf', { name })) }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('status')
        .filter({ hasText: en('entryLog.actions.CHECK_IN_SUCCESS', { name }) })
        .waitFor();

      // A second visit, in, with the same host linked; the first stays out.
      await expect.poll(() => visitRows(page).count(), poll).toBe(2);
      const { docs } = await api.call('GET /meeting', { query: { search: visitor.lastName, buildingId: building.id } });
      expect(docs.map((visit) => [visit.id === first.id, visit.status]).sort()).toEqual([
        [false, 'IN'],
        [true, 'OUT'],
      ]);
      const again = docs.find((visit) => visit.id !== first.id)!;
      expect(again).toEqual(expect.objectContaining({ host: hostName, hostPersonId: host.personId }));
    },
  );

  test(
    'each tile filters the list to as many visits as it counts, and again shows every visit',
    { timeout: 180_000 },
    async () => {
      const { page } = session;
      await signInAtTheDesk(page);
      await fiftyAPage(page);
      for (const counter of counters) {
        const tile = page.getByTestId(`counter-${counter}`);
        await tile.click();
        await expect.poll(() => tile.getAttribute('aria-pressed'), poll).toBe('true');
        // The tile's number, the pager's total and the rows shown agree (read together: Demo HQ's day goes on).
        await expect
          .poll(async () => {
            const [count, total, rows] = [
              await counterValue(page, counter),
              await listTotal(page),
              await visitRows(page).count(),
            ];
            return count !== null && count === total && rows === Math.min(count, 50);
          }, poll)
          .toBe(true);
        await tile.click();
        await expect.poll(() => tile.getAttribute('aria-pressed'), poll).toBe('false');
      }
      // At least one tile counted a visit, or the scenario proved little.
      const counts = await Promise.all(counters.map((counter) => counterValue(page, counter)));
      expect(counts.some((count) => (count ?? 0) > 0)).toBe(true);
    },
  );

  test(
    'a dialog starts on its first field, keeps its actions in sight and covers the footer; Escape gives the focus back to its opener',
    { timeout: 120_000 },
    async () => {
      const { page } = session;
      await signInAtTheDesk(page);
      const footer = page.getByTestId('app-version');
      await footer.waitFor();
      const box = (await footer.boundingBox())!;
      /** Whether the point at the middle of the version footer belongs to the footer. */
      const footerOnTop = () =>
        page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('footer, .mantine-AppShell-footer') != null,
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        );
      // Without a dialog, the point is the footer's.
      expect(await footerOnTop()).toBe(true);
      const openers = [
        [en('entryLog.list.invite'), en('entryLog.invite.title')],
        [en('entryLog.list.fastCheckIn'), en('entryLog.desk.title')],
      ] as const;
      for (const [opener, title] of openers) {
        const button = main(page).getByRole('button', { name: exactly(opener) });
        await button.click();
        const dialog = page.getByRole('dialog', { name: exactly(title) });
        await dialog.waitFor();
        // The focus is on the dialog's first field.
        const firstField = dialog.locator('input:not([type=hidden]), textarea, select').first();
        await expect.poll(() => isFocused(firstField), poll).toBe(true);
        // The version footer is under the dialog's overlay: the point at its middle is the overlay's.
        expect(await footerOnTop(), `the footer shows above the dialog "${title}"`).toBe(false);
        // The desk's form at its tallest: someone new, every field the building asks.
        if (title === en('entryLog.desk.title')) {
          const newName = `Nina Newcomer${suffix}`;
          await dialog.getByRole('searchbox', { name: exactly(en('entryLog.desk.find')) }).fill(newName);
          await dialog.getByRole('button', { name: exactly(en('entryLog.desk.useName', { name: newName })) }).click();
          await dialog.getByRole('button', { name: exactly(en('entryLog.desk.submit')) }).waitFor();
        }
        // Its actions are in sight at 1440×900, without scrolling inside the dialog.
        const actions = (await dialog.locator('[data-dialog-actions]').last().boundingBox())!;
        expect(actions.y).toBeGreaterThanOrEqual(0);
        expect(actions.y + actions.height).toBeLessThanOrEqual(DESK.height);

        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => isFocused(button), poll).toBe(true);
      }
    },
  );

  test.each<Locale>(['es', 'fr'])(
    'the status words stay whole in %s at 1440 px',
    async (locale) => {
      const { page } = session;
      const shell = await signInAtTheDesk(page);
      await shell.switchLanguage(locale);
      await main(page)
        .getByRole('heading', { level: 1, name: exactly(text(locale, 'pages.checkInOut.title')) })
        .waitFor();
      await fiftyAPage(page, locale);
      await expect.poll(() => visitRows(page).count(), poll).toBeGreaterThan(0);
      const badges = table(page).locator('.mantine-Badge-root[data-state]');
      const shown = await badges.evaluateAll((elements) =>
        elements.map((badge) => {
          const label = badge.querySelector<HTMLElement>('.mantine-Badge-label')!;
          const cell = badge.closest('td')!.getBoundingClientRect();
          const box = badge.getBoundingClientRect();
          return {
            state: badge.getAttribute('data-state') ?? '',
            words: label.textContent ?? '',
            // Cut words: the label wider than its box (the ellipsis), or the badge past its cell.
            cut: label.scrollWidth > label.clientWidth + 0.5 || box.right > cell.right + 0.5,
          };
        }),
      );
      expect(shown.length).toBeGreaterThan(0);
      for (const badge of shown) {
        expect(badge.words).toBe(text(locale, `entryLog.status.${badge.state}`));
        expect(badge.cut, `"${badge.words}" is cut`).toBe(false);
      }
    },
    120_000,
  );
});
