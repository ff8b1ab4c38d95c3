// The kiosk's lobby in Chromium on a 1024 × 768 touch tablet (docs/kiosk.md, "The welcome
// screen", "Accessibility"): the welcome screen a customer sets up (Demo HQ's logo and text),
// and the accessibility choices a visitor makes for their own check-in, measured as a picky
// customer would look: nothing cut, nothing on top of something else, every target a finger's
// size, axe clean.
import type { Locale } from '@vestibule/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { type CheckInBuilding, createCheckInBuilding, newPerson } from './harness/checkin-building.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, leading, text } from './harness/i18n.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { layoutProblems } from './harness/layout.ts';
import { signedIn } from './harness/service.ts';
import { KioskPage } from './pages/KioskPage.ts';

const session = useBrowser();
const TABLET = { width: 1024, height: 768 };

let building: CheckInBuilding;
let contexts: BrowserContext[] = [];

beforeAll(async () => {
  building = await createCheckInBuilding(session.baseUrl);
  // Visitors are offered their badge: the outcome's print button is measured with the rest.
  const master = await signedIn(session.baseUrl, demoUsers.master.username);
  await master.call('PATCH /building/:id/settings', {
    params: { id: building.id },
    body: { ...building.settings, badgePrint: { VISITOR: 'ASK' } },
  });
});

afterEach(async () => {
  for (const context of contexts) await context.close();
  contexts = [];
});

/** A touch tablet of its own, enrolled as a kiosk of the building. */
async function tablet(buildingId: string, qrCodeKey: string): Promise<KioskPage> {
  const browser = session.context.browser();
  if (!browser) throw new Error('The scenario browser is gone');
  const context = await browser.newContext({
    baseURL: session.baseUrl,
    locale: 'en-US',
    viewport: TABLET,
    hasTouch: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  return KioskPage.enrol(page, await enrolmentCode(session.baseUrl, buildingId), qrCodeKey);
}

async function expectTidy(page: Page, screen: string): Promise<void> {
  expect(await layoutProblems(page), screen).toEqual([]);
  await expectNoAxeViolations(page, screen);
}

const rootFontPx = (page: Page) =>
  page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));

function panel(kiosk: KioskPage) {
  const page = kiosk.page;
  const label = (key: string) => kiosk.label(`publicPages.accessibility.${key}`);
  return {
    button: page.getByRole('banner').getByRole('button', { name: exactly(label('open')) }),
    region: page.getByRole('region', { name: exactly(label('title')) }),
    option: (key: 'largeText' | 'highContrast' | 'reducedMotion' | 'lowReach') =>
      page.getByRole('button', { name: new RegExp(`^${label(key)}`) }),
    close: page.getByRole('button', { name: exactly(label('close')) }),
  };
}

describe('the welcome screen', () => {
  test("shows the building's logo, welcome text, clock and doors, in each language, tidy at 1024 × 768", async () => {
    const master = await signedIn(session.baseUrl, demoUsers.master.username);
    const list = await master.call('GET /building', { query: { search: 'Demo HQ', limit: 10 } });
    const hq = list.docs.find((row) => row.name === 'Demo HQ');
    if (!hq) throw new Error('Demo HQ is missing from the demo data');
    const settings = await master.call('GET /building/:id', { params: { id: hq.id } });
    expect(settings.kioskWelcomeText).toBeTruthy();
    const kiosk = await tablet(hq.id, hq.qrCodeKey);
    const { page } = kiosk;

    const logo = kiosk.main.locator('.welcome-logo');
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect((await logo.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(80);
    await kiosk.main.getByText(settings.kioskWelcomeText ?? '', { exact: true }).waitFor();
    expect(await kiosk.main.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);

    for (const locale of ['en', 'fr', 'es'] as const satisfies readonly Locale[]) {
      await kiosk.wizard.switchLanguage(locale);
      await kiosk.wizard.welcomeHeading
        .filter({ hasText: text(locale, 'publicVisit.checkIn.welcome', { building: 'Demo HQ' }) })
        .waitFor();
      const pressed = page.getByRole('banner').getByRole('button', { pressed: true });
      expect(await pressed.innerText()).toContain(text(locale, `common.languages.${locale}`));
      for (const type of ['VISITOR', 'CONTRACTOR', 'EMPLOYEE'] as const) await kiosk.wizard.typeButton(type).waitFor();
      await kiosk.main.getByRole('link', { name: leading(text(locale, 'publicVisit.checkIn.checkOut')) }).waitFor();
      await kiosk.main.getByRole('button', { name: leading(text(locale, 'publicVisit.scan.open')) }).waitFor();
      await expectTidy(page, `the welcome screen in ${locale}`);
    }
  });
});

describe('accessibility', () => {
  test('large text at 1.5×: nothing cut or overlapping and axe clean on every screen of a check-in; the choice ends with it', async () => {
    const kiosk = await tablet(building.id, building.qrCodeKey);
    const { page, wizard } = kiosk;
    const standard = await rootFontPx(page);
    const tools = panel(kiosk);

    await tools.button.click();
    await tools.region.waitFor();
    await tools.option('largeText').click();
    expect(await tools.option('largeText').getAttribute('aria-pressed')).toBe('true');
    expect(await rootFontPx(page)).toBe(standard * 1.5);
    await expectTidy(page, 'the accessibility panel, large text');
    await tools.close.click();
    await tools.region.waitFor({ state: 'hidden' });
    // The focus is back on the button that opened the panel.
    expect(await tools.button.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectTidy(page, 'the welcome screen, large text');

    const person = newPerson('Lena');
    await wizard.chooseType('VISITOR');
    await wizard.waitForStep(1, 4, wizard.label('wizard.titles.form'));
    await expectTidy(page, 'the form, large text');
    await wizard.fillForm({ host: person.host, firstName: person.firstName, lastName: person.lastName });
    await wizard.button('next').click();
    await wizard.waitForStep(2, 4, building.health.name);
    await expectTidy(page, 'the questionnaire, large text');
    await wizard.answer(building.texts.feverName, 'NO');
    await wizard.answer(building.texts.travel, 'NO');
    await wizard.button('next').click();
    await wizard.waitForStep(3, 4, wizard.label('wizard.titles.consentAndEmailMe'));
    await wizard.consentCheckbox.check();
    await expectTidy(page, 'the consent, large text');
    await wizard.button('next').click();
    await wizard.waitForStep(4, 4, wizard.label('wizard.titles.temperatureAndComments'));
    await wizard.temperature(1).fill('36.6');
    await expectTidy(page, 'the arrival step, large text');
    await wizard.button('finish').click();
    await wizard.outcomeHeading('allowed').waitFor();
    await kiosk.main.getByRole('button', { name: exactly(kiosk.label('badge.kiosk.print')) }).waitFor();
    await expectTidy(page, 'the outcome with its badge button, large text');

    // The next person finds the kiosk as it was.
    await kiosk.done();
    expect(await rootFontPx(page)).toBe(standard);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-large-text'))).toBe(false);
  });

  test('high contrast and controls within reach: the choices sit in the lower half, axe clean, by keyboard alone', async () => {
    const kiosk = await tablet(building.id, building.qrCodeKey);
    const { page } = kiosk;
    const tools = panel(kiosk);
    // A switch device is a keyboard: the panel opens, each choice toggles and it closes with keys.
    await tools.button.focus();
    await page.keyboard.press('Enter');
    await tools.region.waitFor();
    for (const option of ['highContrast', 'reducedMotion', 'lowReach'] as const) {
      await tools.option(option).focus();
      await page.keyboard.press('Space');
      expect(await tools.option(option).getAttribute('aria-pressed')).toBe('true');
    }
    await page.keyboard.press('Escape');
    await tools.region.waitFor({ state: 'hidden' });

    const half = TABLET.height / 2;
    for (const type of ['VISITOR', 'CONTRACTOR'] as const) {
      const box = await kiosk.wizard.typeButton(type).boundingBox();
      expect(box?.y ?? 0, `${type} card`).toBeGreaterThanOrEqual(half - (box?.height ?? 0) / 2);
    }
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
    await expectTidy(page, 'the welcome screen, high contrast within reach');
    await kiosk.wizard.chooseType('VISITOR');
    await expectTidy(page, 'the form, high contrast within reach');
    const next = await kiosk.wizard.button('next').boundingBox();
    expect(next?.y ?? 0).toBeGreaterThan(half);
  });
});
