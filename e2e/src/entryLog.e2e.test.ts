// The entry log (/check-in-out) in the browser, as a front-desk user (ROLE_USER) of Demo
// HQ: they land on it after signing in, see the building's counters, invite a visitor with a host
// found in the people directory, find the row, check the visitor in from the list with the kiosk's
// wizard and out again, the counters following, and open the visit's four tabs; and they check a
// walk-in in with the desk's one form (a name, a company, a host of the directory). Axe scans the
// list, the invitation, the desk's form, the wizard and the detail.
import type { ApiClient } from '@vestibule/shared/api';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
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

/** Demo HQ, the front desk's one building, by the list of buildings the session sees. */
async function demoHq(api: ApiClient): Promise<{ id: string; name: string; timeZoneId: string }> {
  const { buildings } = await api.call('GET /selectTenant');
  const building = buildings.find((candidate) => candidate.name === 'Demo HQ');
  if (!building) throw new Error('The front desk user sees no Demo HQ');
  return building;
}

/** The day (yyyy-MM-dd) and time (HH:mm) an instant shows on a zone's clock. */
function onClock(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/**
 * A day and a time on the building's clock (the invitation takes its time there), 30 minutes
 * from now, within the building's today: late in its evening, one minute before its midnight.
 */
function soonToday(timeZone: string): { date: string; time: string } {
  const now = onClock(new Date(), timeZone);
  const at = onClock(new Date(Date.now() + 30 * 60_000), timeZone);
  return at.date === now.date ? at : { date: now.date, time: '23:59' };
}

const main = (page: Page) => page.getByRole('main');
const row = (page: Page, name: string) =>
  page
    .getByTestId('entry-log-table')
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: exactly(en('entryLog.rowActions.details', { name })) }) });
const counter = (page: Page, name: string) => page.getByTestId(`counter-${name}-value`);
async function counterValue(page: Page, name: string): Promise<number | null> {
  const value = (await counter(page, name).innerText()).trim();
  return /^\d+$/.test(value) ? Number(value) : null;
}
const notice = (page: Page, key: string, params: Record<string, string>) =>
  page.getByRole('status').filter({ hasText: en(key, params) });

/** A field of a dialog by its label (a required one carries an asterisk). */
function field(dialog: Locator, label: string): Locator {
  return dialog.getByLabel(new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`));
}

/**
 * Goes through the wizard as a visitor would who answers "no" to every question, accepts the
 * conditions and types what is asked; whatever Demo HQ's settings are at the time.
 */
async function completeWizard(dialog: Locator): Promise<void> {
  const heading = dialog.getByRole('heading', { level: 2 }).filter({ hasText: /Step \d+ of \d+/ });
  for (let step = 1; step <= 10; step += 1) {
    await heading.filter({ hasText: new RegExp(`Step ${step} of`) }).waitFor();
    for (const question of await dialog.locator('fieldset.question').all()) {
      await question.getByRole('radio', { name: exactly(en('wizard.answers.NO')) }).check();
    }
    for (const input of await dialog.locator('input[required]:not([type=radio]):not([type=checkbox])').all()) {
      if ((await input.inputValue()) !== '') continue;
      const mode = await input.getAttribute('inputmode');
      await input.fill(mode === 'decimal' ? '36.6' : mode === 'email' ? `walkin.${suffix}@example.test` : 'E2E');
    }
    const consent = dialog.getByRole('checkbox', { name: exactly(en('wizard.consent.accept')) });
    if ((await consent.count()) > 0) await consent.check();
    const finish = dialog.getByRole('button', { name: exactly(en('wizard.buttons.finish')) });
    if ((await finish.count()) > 0) {
      await finish.click();
      return;
    }
    await dialog.getByRole('button', { name: exactly(en('wizard.buttons.next')) }).click();
  }
  throw new Error('The wizard did not end within 10 steps');
}

describe('entry log', () => {
  test(
    'a front-desk user invites a visitor with a host of the directory, checks them in and out from the list, and opens the visit',
    { timeout: 180_000 },
    async () => {
      const { page } = session;
      const api = await signedIn(session.baseUrl, frontDesk.username);
      const building = await demoHq(api);
      // The first host of the directory by name (the building's users host too, but not here).
      const host = (
        await api.call('GET /meeting/building/:id/employee', { params: { id: building.id }, query: { limit: 50 } })
      ).docs.find((candidate) => candidate.personId !== null);
      if (!host) throw new Error('Demo HQ has no employee in the directory to host the visit');
      const hostName = `${host.firstName} ${host.lastName}`;
      const visitor = { firstName: 'Vera', lastName: `Visitor${suffix}` };
      const name = `${visitor.firstName} ${visitor.lastName}`;

      // Signing in lands on the entry log, on the user's building with its counters.
      await (await LoginPage.open(page)).signInAs(frontDesk);
      await waitForPath(page, '/check-in-out');
      await main(page)
        .getByRole('heading', { level: 1, name: exactly(en('pages.checkInOut.title')) })
        .waitFor();
      await page
        .getByRole('region', { name: exactly(en('entryLog.counters.title', { building: building.name })) })
        .waitFor();
      await expect.poll(() => counterValue(page, 'inBuilding'), poll).not.toBeNull();
      const inBefore = (await counterValue(page, 'inBuilding'))!;
      await expectNoAxeViolations(page, 'the entry log');

      // A new invitation: someone new, the host found by name in the directory, soon today.
      await main(page)
        .getByRole('button', { name: exactly(en('entryLog.list.invite')) })
        .click();
      const invite = page.getByRole('dialog', { name: exactly(en('entryLog.invite.title')) });
      await field(invite, en('entryLog.invite.firstName')).fill(visitor.firstName);
      await field(invite, en('entryLog.invite.lastName')).fill(visitor.lastName);
      await field(invite, en('entryLog.invite.email')).fill(`vera.${suffix}@example.test`);
      await field(invite, en('entryLog.invite.companyName')).fill('Umbrella');
      await field(invite, en('entryLog.invite.host')).fill(host.lastName);
      await page.getByRole('option', { name: new RegExp(`^${hostName}\\b`) }).click();
      const when = soonToday(building.timeZoneId);
      await field(invite, en('entryLog.invite.date')).fill(when.date);
      // "Time (zone)": labelled with the building's zone.
      const [timeLabel = ''] = en('entryLog.invite.timeIn', { zone: '\u0000' }).split('\u0000');
      await invite.getByLabel(new RegExp(`^\\s*${timeLabel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).fill(when.time);
      await expectNoAxeViolations(page, 'the new invitation');
      await invite.getByRole('button', { name: exactly(en('entryLog.invite.send')) }).click();
      await invite.waitFor({ state: 'detached' });
      await notice(page, 'entryLog.actions.INVITE_SUCCESS', { name }).waitFor();

      // The row: found by the search, expected, with its host and company.
      await page.getByRole('searchbox', { name: exactly(en('entryLog.filters.search')) }).fill(visitor.lastName);
      const visitRow = row(page, name);
      await visitRow.waitFor();
      await expect.poll(() => visitRow.textContent(), poll).toContain(hostName);
      expect(await visitRow.textContent()).toContain('Umbrella');
      expect(await visitRow.textContent()).toMatch(
        new RegExp(`${en('entryLog.status.SOON')}|${en('entryLog.status.TODAY')}`),
      );

      // Checked in from the list with the kiosk's wizard, prefilled with the invitation's names.
      await visitRow.getByRole('button', { name: exactly(en('entryLog.rowActions.checkInOf', { name })) }).click();
      const wizard = page.getByRole('dialog', { name: exactly(en('entryLog.checkIn.title', { name })) });
      await wizard
        .getByRole('heading', { level: 2 })
        .filter({ hasText: /Step 1 of/ })
        .waitFor();
      await expectNoAxeViolations(page, "the staff check-in's wizard");
      await completeWizard(wizard);
      await wizard.waitFor({ state: 'detached' });
      await notice(page, 'entryLog.actions.CHECK_IN_SUCCESS', { name }).waitFor();
      await expect.poll(() => visitRow.textContent(), poll).toContain(en('entryLog.status.IN'));
      await expect.poll(() => counterValue(page, 'inBuilding'), poll).toBe(inBefore + 1);

      // Checked out from the list.
      await visitRow.getByRole('button', { name: exactly(en('entryLog.rowActions.checkOutOf', { name })) }).click();
      const checkOut = page.getByRole('dialog', { name: exactly(en('entryLog.checkOut.title', { name })) });
      const submit = checkOut.getByRole('button', { name: exactly(en('entryLog.checkOut.submit')) });
      await submit.waitFor();
      for (const question of await checkOut.locator('fieldset.question').all()) {
        await question.getByRole('radio', { name: exactly(en('wizard.answers.NO')) }).check();
      }
      for (const input of await checkOut.locator('input[required][inputmode=decimal]').all()) await input.fill('36.6');
      await submit.click();
      await checkOut.waitFor({ state: 'detached' });
      await notice(page, 'entryLog.actions.CHECK_OUT_SUCCESS', { name }).waitFor();
      await expect.poll(() => visitRow.textContent(), poll).toContain(en('entryLog.status.OUT'));
      await expect.poll(() => counterValue(page, 'inBuilding'), poll).toBe(inBefore);

      // The visit in detail: four tabs, each with what the visit holds.
      await visitRow.getByRole('button', { name: exactly(en('entryLog.rowActions.details', { name })) }).click();
      const detail = page.getByRole('dialog', { name: exactly(en('entryLog.detail.title', { name })) });
      const tabs = detail.getByRole('tablist');
      await tabs.waitFor();
      expect(await tabs.getByRole('tab').allTextContents()).toEqual([
        en('entryLog.detail.tabs.checkIn'),
        en('entryLog.detail.tabs.checkInQuestionnaires'),
        en('entryLog.detail.tabs.checkOut'),
        en('entryLog.detail.tabs.checkOutQuestionnaires'),
      ]);
      const panel = detail.getByRole('tabpanel');
      await expect.poll(() => panel.textContent(), poll).toContain(hostName);
      expect(await panel.textContent()).toContain(en('entryLog.detail.sources.STAFF'));
      await expectNoAxeViolations(page, "the visit's check-in data");
      await tabs.getByRole('tab', { name: exactly(en('entryLog.detail.tabs.checkOut')) }).click();
      await expect.poll(() => panel.textContent(), poll).toContain(en('entryLog.detail.checkoutMethods.STAFF'));
      await tabs.getByRole('tab', { name: exactly(en('entryLog.detail.tabs.checkInQuestionnaires')) }).click();
      await expectNoAxeViolations(page, "the visit's check-in questionnaires");

      // The server holds what the screen said.
      const { docs } = await api.call('GET /meeting', { query: { search: visitor.lastName, buildingId: building.id } });
      expect(docs).toHaveLength(1);
      expect(docs[0]).toEqual(
        expect.objectContaining({
          host: hostName,
          status: 'OUT',
          checkoutMethod: 'STAFF',
          hostPersonId: host.personId,
        }),
      );
    },
  );

  test(
    "a front-desk user checks a walk-in in with the desk's one form: a name, a company and a host of the directory",
    { timeout: 180_000 },
    async () => {
      const { page } = session;
      const api = await signedIn(session.baseUrl, frontDesk.username);
      const building = await demoHq(api);
      // The first host of the directory by name (the building's users host too, but not here).
      const host = (
        await api.call('GET /meeting/building/:id/employee', { params: { id: building.id }, query: { limit: 50 } })
      ).docs.find((candidate) => candidate.personId !== null);
      if (!host) throw new Error('Demo HQ has no employee in the directory to host the visit');
      const hostName = `${host.firstName} ${host.lastName}`;
      const walkIn = { firstName: 'Wanda', lastName: `Walkin${suffix}` };
      const name = `${walkIn.firstName} ${walkIn.lastName}`;
      // What the desk asks: Demo HQ's form for visitors, and its questions only where it asks them at the desk.
      const deskData = await api.call('GET /meeting/building/:id/checkInData', {
        params: { id: building.id },
        query: { visitorType: 'VISITOR' },
      });

      await (await LoginPage.open(page)).signInAs(frontDesk);
      await waitForPath(page, '/check-in-out');
      await expect.poll(() => counterValue(page, 'inBuilding'), poll).not.toBeNull();
      const inBefore = (await counterValue(page, 'inBuilding'))!;

      // Nobody found by the typed name: it starts the form, a visitor of Demo HQ (the user's building).
      await main(page)
        .getByRole('button', { name: exactly(en('entryLog.list.fastCheckIn')) })
        .click();
      const dialog = page.getByRole('dialog', { name: exactly(en('entryLog.desk.title')) });
      await dialog.getByRole('searchbox', { name: exactly(en('entryLog.desk.find')) }).fill(name);
      await dialog.getByRole('button', { name: exactly(en('entryLog.desk.useName', { name })) }).click();
      expect(await field(dialog, en('entryLog.desk.firstName')).inputValue()).toBe(walkIn.firstName);
      expect(await field(dialog, en('entryLog.desk.lastName')).inputValue()).toBe(walkIn.lastName);
      expect(await dialog.getByRole('radio', { name: exactly(en('people.types.VISITOR')) }).isChecked()).toBe(true);
      await field(dialog, en('entryLog.desk.companies.companyName')).fill('Umbrella');
      await field(dialog, en('entryLog.desk.host')).fill(host.lastName);
      await page.getByRole('option', { name: new RegExp(`^${hostName}\\b`) }).click();
      // What else the building makes mandatory, and its questions when it asks them at the desk.
      for (const question of await dialog.locator('fieldset.question').all()) {
        await question.getByRole('radio', { name: exactly(en('wizard.answers.NO')) }).check();
      }
      for (const input of await dialog.locator('input[required]:not([type=radio]):not([type=checkbox])').all()) {
        if ((await input.inputValue()) !== '') continue;
        const mode = await input.getAttribute('inputmode');
        await input.fill(mode === 'decimal' ? '36.6' : mode === 'email' ? `walkin.${suffix}@example.test` : 'E2E');
      }
      for (const box of await dialog.locator('input[required][type=checkbox]').all()) await box.check();
      await expectNoAxeViolations(page, "the desk's check-in");
      await dialog.getByRole('button', { name: exactly(en('entryLog.desk.submit')) }).click();
      await dialog.waitFor({ state: 'detached' });
      await notice(page, 'entryLog.actions.CHECK_IN_SUCCESS', { name }).waitFor();

      // In the list and the counters at once, with the host of the directory.
      await page.getByRole('searchbox', { name: exactly(en('entryLog.filters.search')) }).fill(walkIn.lastName);
      const visitRow = row(page, name);
      await expect.poll(() => visitRow.textContent(), poll).toContain(en('entryLog.status.IN'));
      expect(await visitRow.textContent()).toContain(hostName);
      await expect.poll(() => counterValue(page, 'inBuilding'), poll).toBe(inBefore + 1);

      // The server holds a new visit, checked in by staff, not an invitation, with the answers asked.
      const { docs } = await api.call('GET /meeting', { query: { search: walkIn.lastName, buildingId: building.id } });
      expect(docs).toHaveLength(1);
      expect(docs[0]).toEqual(
        expect.objectContaining({ status: 'IN', isInvitation: false, hostPersonId: host.personId, host: hostName }),
      );
      const detail = await api.call('GET /meeting/:id', { params: { id: docs[0]!.id } });
      expect(detail.source).toBe('STAFF');
      expect(detail.companyName).toBe('Umbrella');
      expect(detail.questionnairesAnswers.map((q) => q.name)).toEqual(
        deskData.questionnairesOnStaffCheckIn ? deskData.questionnaires.map((q) => q.name) : [],
      );
    },
  );
});
