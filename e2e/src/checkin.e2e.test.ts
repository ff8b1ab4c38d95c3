// Visitors check in and out through the public pages of the kiosk app, against a building of
// their own (alert, warning and follow-up questions, an exit questionnaire, consent, e-mail-me,
// temperature measures): the wizard in French on a phone, refusals, "already checked in",
// check-out, self check-out at the building, the e-mail copy at the run's SMTP server, and the
// visitor's own data once the visit is over: seen, downloaded and erased from the visit's link.
import type { Locale } from '@vestibule/shared';
import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import {
  type CheckInBuilding,
  buildingTexts,
  checkInThroughApi,
  createCheckInBuilding,
  newPerson,
} from './harness/checkin-building.ts';
import { exactly, text } from './harness/i18n.ts';
import { mailsTo } from './harness/mailbox.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { BuildingCheckOutPage } from './pages/BuildingCheckOutPage.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { CheckOutPage } from './pages/CheckOutPage.ts';
import { EntryLogPage } from './pages/EntryLogPage.ts';
import { KioskPage } from './pages/KioskPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { demoUsers } from './harness/demo-users.ts';
import { serviceClient, signedIn } from './harness/service.ts';

const session = useBrowser();
const poll = { timeout: UI_TIMEOUT_MS };
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };
/** The outbox is sent every 10 s by the server's background job. */
const MAIL_TIMEOUT_MS = 45_000;

let building: CheckInBuilding;
beforeAll(async () => {
  building = await createCheckInBuilding(session.baseUrl);
});

type Person = ReturnType<typeof newPerson>;

/** The wizard of the test building, step by step: form, health questions, consent, arrival. */
async function fillTheForm(screen: CheckInPage, person: Person): Promise<void> {
  await screen.waitForStep(1, 4, screen.label('wizard.titles.form'));
  await screen.fillForm({ host: person.host, firstName: person.firstName, lastName: person.lastName });
  await screen.button('next').click();
  await screen.waitForStep(2, 4, building.health.name);
}

async function acceptConsent(screen: CheckInPage): Promise<void> {
  await screen.button('next').click();
  await screen.waitForStep(3, 4, screen.label('wizard.titles.consentAndEmailMe'));
  await screen.consentCheckbox.check();
}

async function toArrival(screen: CheckInPage): Promise<void> {
  await screen.button('next').click();
  await screen.waitForStep(4, 4, screen.label('wizard.titles.temperatureAndComments'));
}

async function checkInHealthy(screen: CheckInPage, person: Person, emailMe?: string): Promise<void> {
  await screen.chooseType('VISITOR');
  await fillTheForm(screen, person);
  await screen.answer(building.texts.feverName, 'NO');
  await screen.answer(building.texts.travel, 'NO');
  await acceptConsent(screen);
  if (emailMe) {
    await screen.emailMeCheckbox.check();
    await screen.emailMeAddress.fill(emailMe);
  }
  await toArrival(screen);
  await screen.temperature(1).fill('36.6');
  await screen.button('finish').click();
}

const height = async (locator: ReturnType<CheckInPage['button']>) => (await locator.boundingBox())?.height ?? 0;

describe('check-in', () => {
  test('a visitor checks in on a phone-size screen in French', async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    const person = newPerson('Amélie');
    const screen = await CheckInPage.open(page, building.qrCodeKey);
    await screen.switchLanguage('fr');
    const fr = (key: string, params?: Record<string, string>) => text('fr', key, params);
    await screen.welcomeHeading
      .filter({ hasText: fr('publicVisit.checkIn.welcome', { building: building.name }) })
      .waitFor();
    expect(await height(screen.typeButton('VISITOR'))).toBeGreaterThanOrEqual(44);
    await expectNoAxeViolations(page, 'the person type choice');

    await screen.chooseType('VISITOR');
    await screen.waitForStep(1, 4, fr('wizard.titles.form'));
    expect(await screen.button('next').isDisabled()).toBe(true);
    await expect.poll(() => screen.stepHint.innerText(), poll).toBe(fr('wizard.invalidStep'));
    await expectNoAxeViolations(page, 'the check-in form');
    await screen.fillForm({ host: person.host, firstName: person.firstName, lastName: person.lastName });
    await screen.formField('email').fill('amelie@');
    await screen.formField('phone').focus();
    await screen.main.getByText(fr('wizard.fieldErrors.email')).waitFor();
    expect(await screen.button('next').isDisabled()).toBe(true);
    await screen.formField('email').fill(person.email);
    expect(await height(screen.button('next'))).toBeGreaterThanOrEqual(44);
    await screen.button('next').click();

    await screen.waitForStep(2, 4, building.health.name);
    expect(await screen.question(building.texts.feverName).locator('label').allInnerTexts()).toEqual([
      fr('wizard.answers.YES'),
      fr('wizard.answers.NO'),
    ]);
    expect(await screen.question(building.texts.travel).getByRole('radio').count()).toBe(3);
    await screen.answer(building.texts.feverName, 'NO');
    await screen.answer(building.texts.travel, 'NO');
    await expectNoAxeViolations(page, 'the health questionnaire');

    await acceptConsent(screen);
    await screen.main.getByText(buildingTexts.consent).waitFor();
    await expectNoAxeViolations(page, 'the consent step');

    await toArrival(screen);
    await screen.temperature(1).fill('36,8');
    expect(await screen.temperature(2).isDisabled()).toBe(true);
    await screen.comments.fill('Livraison pour l’accueil');
    await expectNoAxeViolations(page, 'the arrival step');
    await screen.button('finish').click();

    await screen
      .outcomeHeading('allowed')
      .filter({ hasText: fr('publicVisit.success.title') })
      .waitFor();
    expect(await screen.code('code').innerText()).toMatch(/^[A-Z0-9]{6,}$/);
    expect(await screen.code('pin').innerText()).toMatch(/^\d{4}$/);
    await screen.outcome('allowed').getByText(buildingTexts.success).waitFor();
    expect(await screen.checkOutLink.getAttribute('href')).toMatch(/^\/checkOut\/[\w-]+$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await expectNoAxeViolations(page, 'the success screen');
  });

  test('a follow-up question appears only after its answer and disappears when the answer changes', async () => {
    const { page } = session;
    const screen = await CheckInPage.open(page, building.qrCodeKey);
    await screen.chooseType('VISITOR');
    await fillTheForm(screen, newPerson('Felix'));
    const followUp = screen.freeText(building.texts.countries);
    expect(await followUp.count()).toBe(0);

    await screen.answer(building.texts.travel, 'YES');
    await followUp.waitFor();
    await screen.question(building.texts.travel).getByText(screen.label('wizard.question.warningNote')).waitFor();
    await followUp.fill('Portugal');
    await expectNoAxeViolations(page, 'a question with its follow-up');

    await screen.answer(building.texts.travel, 'NO');
    await followUp.waitFor({ state: 'detached' });
    await screen.answer(building.texts.travel, 'YES');
    await followUp.waitFor();
    expect(await followUp.inputValue()).toBe('');

    await screen.button('cancel').click();
    await screen.typeButton('VISITOR').waitFor();
  });

  test('an alert answer ends on the failure text', async () => {
    const { page } = session;
    const screen = await CheckInPage.open(page, building.qrCodeKey);
    await screen.chooseType('VISITOR');
    await fillTheForm(screen, newPerson('Oscar'));
    await screen.answer(building.texts.feverName, 'YES');
    await screen.question(building.texts.feverName).getByText(screen.label('wizard.question.alertNote')).waitFor();
    expect(await screen.question(building.texts.feverName).getAttribute('data-tone')).toBe('alert');
    await screen.answer(building.texts.travel, 'NA');
    await acceptConsent(screen);
    await toArrival(screen);
    await screen.temperature(1).fill('36.6');
    await screen.button('finish').click();

    await screen
      .outcomeHeading('refused')
      .filter({ hasText: screen.label('publicVisit.failure.title') })
      .waitFor();
    await screen.outcome('refused').getByText(buildingTexts.failure).waitFor();
    expect(await screen.code('code').count()).toBe(0);
    await expectNoAxeViolations(page, 'the failure screen');
  });

  test('an out-of-range temperature demands a second measure', async () => {
    const { page } = session;
    const screen = await CheckInPage.open(page, building.qrCodeKey);
    await screen.chooseType('VISITOR');
    await fillTheForm(screen, newPerson('Tess'));
    await screen.answer(building.texts.feverName, 'NO');
    await screen.answer(building.texts.travel, 'NO');
    await acceptConsent(screen);
    await toArrival(screen);

    await screen.temperature(1).fill('38.4');
    await expect.poll(() => screen.temperature(2).isDisabled(), poll).toBe(false);
    await screen.main.getByText(screen.label('wizard.temperature.secondNeeded')).waitFor();
    expect(await screen.button('finish').isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'the second temperature measure');

    await screen.temperature(1).fill('36.9');
    await expect.poll(() => screen.temperature(2).isDisabled(), poll).toBe(true);
    await screen.temperature(1).fill('38.4');
    await screen.temperature(2).fill('38.6');
    await screen.button('finish').click();
    await screen.outcomeHeading('refused').waitFor();
    await screen.outcome('refused').getByText(buildingTexts.failure).waitFor();
  });

  test('a second check-in gets "already checked in"', async () => {
    const { page } = session;
    const person = newPerson('Rita');
    await checkInThroughApi(session.baseUrl, building, person);
    const screen = await CheckInPage.open(page, building.qrCodeKey);
    await checkInHealthy(screen, person);
    await screen
      .outcomeHeading('already-in')
      .filter({ hasText: screen.label('publicVisit.alreadyIn.title') })
      .waitFor();
    await screen.outcome('already-in').getByText(screen.label('errors.CHECKEDIN')).waitFor();
    await expectNoAxeViolations(page, 'the already-checked-in screen');
    await screen
      .outcome('already-in')
      .getByRole('button', { name: exactly(screen.label('publicVisit.startOver')) })
      .click();
    await screen.typeButton('VISITOR').waitFor();
  });

  test('the e-mail-me copy arrives at the SMTP server', { timeout: 90_000 }, async () => {
    const { page } = session;
    const person = newPerson('Mia');
    const screen = await CheckInPage.open(page, building.qrCodeKey);
    await checkInHealthy(screen, person, person.email);
    await screen.outcomeHeading('allowed').waitFor();
    const code = await screen.code('code').innerText();
    const pin = await screen.code('pin').innerText();

    await expect.poll(async () => (await mailsTo(person.email)).length, { timeout: MAIL_TIMEOUT_MS }).toBe(1);
    const [mail] = await mailsTo(person.email);
    expect(mail!.subject).toBe(text('en', 'mail.checkInCopy.subject', { building: building.name }));
    expect(mail!.text).toContain(text('en', 'mail.checkInCopy.code', { identifier: code, pin }));
    expect(mail!.text).toMatch(/\/checkOut\/[\w-]+/);
  });
});

/** The page's browser becomes an enrolled kiosk of the building (the enrolment QR code's link). */
async function enrolTablet(page: Page): Promise<void> {
  await KioskPage.enrol(page, await enrolmentCode(session.baseUrl, building.id), building.qrCodeKey);
}

describe('kiosk', () => {
  test('a kiosk shows the codes, then returns to its welcome screen, and left alone shows its attract screen and forgets the last person', async () => {
    const { page } = session;
    await enrolTablet(page);
    const screen = await CheckInPage.open(page, building.qrCodeKey, { kiosk: true, query: '?idle=10' });
    await checkInHealthy(screen, newPerson('Kai'));
    await screen.outcomeHeading('allowed').waitFor();
    expect(await screen.code('pin').innerText()).toMatch(/^\d{4}$/);
    await screen.doneButton.click();
    await screen.typeButton('VISITOR').waitFor();

    // The next person starts in Spanish, types a name, then walks away.
    await screen.switchLanguage('es');
    await screen.chooseType('VISITOR');
    await screen.formField('firstName').fill('Lola');
    await screen.idleWarning.waitFor();
    await expectNoAxeViolations(page, 'the idle warning');
    // Left alone, the kiosk clears the check-in and shows its attract screen in its own language.
    screen.locale = 'en';
    const kiosk = new KioskPage(page, building.qrCodeKey);
    await kiosk.attractButton.waitFor();
    await expectNoAxeViolations(page, 'the attract screen');
    await kiosk.attractButton.click();
    await screen.typeButton('VISITOR').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBeNull();
    await screen.chooseType('VISITOR');
    expect(await screen.formField('firstName').inputValue()).toBe('');
  });
});

describe('check-out', () => {
  async function checkOutWithExitQuestion(form: CheckOutPage, locale: Locale = 'en'): Promise<void> {
    await form.questionnaire(building.exit.name).waitFor();
    expect(await form.submitButton.isDisabled()).toBe(true);
    await expectNoAxeViolations(form.page, 'the check-out form');
    await form.answer(building.texts.badge, 'YES');
    await form.submitButton.click();
    await form.doneHeading.waitFor();
    expect(await form.doneHeading.innerText()).toContain(text(locale, 'publicVisit.checkOut.successTitle'));
    await expectNoAxeViolations(form.page, 'the checked-out screen');
  }

  test('a visitor checks out with the exit questionnaire', async () => {
    const { page } = session;
    const person = newPerson('Nora');
    const visit = await checkInThroughApi(session.baseUrl, building, person);
    const form = await CheckOutPage.open(page, visit.publicIdentifier);
    expect(await form.visitLine.innerText()).toContain(`${person.firstName} ${person.lastName}`);
    await checkOutWithExitQuestion(form);
    const again = serviceClient(session.baseUrl).call('GET /checkoutable/:publicIdentifier', {
      params: { publicIdentifier: visit.publicIdentifier },
    });
    await expect(again).rejects.toMatchObject({ status: 404 });
  });

  test('a visitor checks out at the building kiosk by last name', async () => {
    const { page } = session;
    const person = newPerson('Hugo');
    await checkInThroughApi(session.baseUrl, building, person);
    await enrolTablet(page);
    const kiosk = await BuildingCheckOutPage.open(page, building.qrCodeKey);
    await expectNoAxeViolations(page, 'the self check-out search');
    expect(await kiosk.mode('byLastName').isChecked()).toBe(true);
    expect(await kiosk.searchButton.isDisabled()).toBe(true);
    await kiosk.lastName.fill(person.lastName.toUpperCase());
    await kiosk.searchButton.click();

    await kiosk.resultsHeading.waitFor();
    await expect.poll(() => kiosk.results.count(), poll).toBe(1);
    const result = kiosk.results.first();
    expect(await result.innerText()).toContain(`${person.firstName} ${person.lastName.slice(0, 1).toUpperCase()}.`);
    await expectNoAxeViolations(page, 'the visits found');

    const form = await kiosk.choose(result);
    await checkOutWithExitQuestion(form);
    // Done: the kiosk returns to its welcome screen for the next person.
    await kiosk.doneButton.click();
    await page.waitForURL((url) => url.pathname === `/checkinKiosk/${building.qrCodeKey}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
});

describe("the visitor's own data", () => {
  test('a visitor checks out, opens the visit link, downloads their data and erases it', async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    const person = newPerson('Vera');
    const visit = await checkInThroughApi(session.baseUrl, building, person);
    const visitor = serviceClient(session.baseUrl);
    await visitor.call('PATCH /checkoutable/:publicIdentifier', {
      params: { publicIdentifier: visit.publicIdentifier },
      body: {
        questionnairesAnswers: [{ questionnaireId: building.exit.id, answers: { [building.exit.badge]: 'YES' } }],
      },
    });
    const staff = await signedIn(session.baseUrl, demoUsers.master.username);
    const listed = await staff.call('GET /meeting', {
      query: { buildingId: building.id, search: person.lastName, limit: 10 },
    });
    const visitId = listed.docs.map((row) => row.id);
    expect(visitId).toHaveLength(1);

    // The visit's link (the e-mail's, the success screen's QR) leads the visitor to their data.
    const label = (key: string, params?: Record<string, string>) => text('en', key, params);
    await page.goto(`/checkin/${building.qrCodeKey}/${visit.publicIdentifier}`);
    await page.getByRole('link', { name: exactly(label('publicVisit.myData.link')) }).click();
    await page.waitForURL((url) => url.pathname === `/myData/${visit.publicIdentifier}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: exactly(label('publicVisit.myData.title')) }).waitFor();
    const value = (term: string) =>
      main
        .locator('.visit-details > div')
        .filter({ has: page.getByText(term, { exact: true }) })
        .locator('dd');
    expect(await value(label('publicVisit.myData.fields.lastName')).innerText()).toBe(person.lastName);
    expect(await value(label('publicVisit.myData.fields.phone')).innerText()).toBe(person.phone);
    expect(await value(building.texts.feverName).first().innerText()).toBe(label('wizard.answers.NO'));
    expect(await value(label('publicVisit.myData.fields.entry')).innerText()).toBe('36.6');
    await expectNoAxeViolations(page, "the visitor's data");

    // Downloads: the JSON names them; the readable copy too, in the page's words.
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('link', { name: exactly(label('publicVisit.myData.downloadJson')) }).click(),
    ]);
    expect(json.suggestedFilename()).toBe('visit.json');
    const saved = JSON.parse(await readDownload(json)) as { lastName: string; temperatures: { entry: number[] } };
    expect([saved.lastName, saved.temperatures.entry]).toEqual([person.lastName, [36.6]]);
    const [readable] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('link', { name: exactly(label('publicVisit.myData.downloadReadable')) }).click(),
    ]);
    const copy = await readDownload(readable);
    expect(copy).toContain(`<h1>${label('publicVisit.myData.title')}</h1>`);
    expect(copy).toContain(`<dd>${person.lastName}</dd>`);

    // Erased, after saying what goes and what stays.
    await main.getByRole('button', { name: exactly(label('publicVisit.myData.erase')) }).click();
    const confirm = main.getByRole('group', { name: exactly(label('publicVisit.myData.eraseTitle')) });
    await expect
      .poll(() => confirm.getByRole('heading').evaluate((node) => node === document.activeElement), poll)
      .toBe(true);
    await expectNoAxeViolations(page, 'the erasure asked');
    await confirm.getByRole('button', { name: exactly(label('publicVisit.myData.eraseConfirm')) }).click();
    await main.getByText(label('publicVisit.myData.erased'), { exact: true }).waitFor();

    // The entry log's visit is anonymised, still counted: its times stay, its visitor is nobody.
    const anonymised = await staff.call('GET /meeting/:id', { params: { id: visitId[0] ?? '' } });
    expect([anonymised.firstName, anonymised.lastName, anonymised.phone]).toEqual([null, null, null]);
    expect(anonymised.checkedInAt).not.toBeNull();
    expect(anonymised.checkedOutAt).not.toBeNull();
    // At the desk, the entry log says so rather than "Unnamed visitor".
    await page.setViewportSize(DESK);
    await (await LoginPage.open(page)).signInAs(demoUsers.master);
    const log = new EntryLogPage(page);
    await log.waitUntilShown();
    await page.getByRole('textbox', { name: exactly(text('en', 'entryLog.building')) }).click();
    await page.getByRole('option', { name: exactly(building.name) }).click();
    const row = page.getByTestId(`visit-row-${visitId[0] ?? ''}`);
    await expect.poll(() => row.getByRole('button').first().innerText(), poll).toBe(label('entryLog.list.anonymised'));
    // The link names nobody any more.
    await page.goto(`/myData/${visit.publicIdentifier}`);
    await main.getByText(label('publicVisit.myData.notFound'), { exact: true }).waitFor();
  });
});

async function readDownload(download: Download): Promise<string> {
  const path = await download.path();
  return readFileSync(path, 'utf8');
}
