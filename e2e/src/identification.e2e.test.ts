// Identification, end to end: a person of the directory checks in with their
// personal link (the pass's /checkin/{key}/{identifier}, no mobile token) and by PIN
// identification (the building PIN, then their own PIN and last name), each visit counted in
// the person's stats.
import type { ApiClient } from '@vestibule/shared/api';
import { beforeAll, describe, expect, test } from 'vitest';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { type CheckInBuilding, createCheckInBuilding, newPerson } from './harness/checkin-building.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, leading } from './harness/i18n.ts';
import { waitForPath } from './harness/navigation.ts';
import { signedIn } from './harness/service.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { KioskPage } from './pages/KioskPage.ts';

const session = useBrowser();
/** The phone's outbox reaches the server in the background: the stats follow within seconds. */
const SYNC_TIMEOUT_MS = 30_000;

let building: CheckInBuilding;
let api: ApiClient;
beforeAll(async () => {
  building = await createCheckInBuilding(session.baseUrl);
  api = await signedIn(session.baseUrl, demoUsers.master.username);
});

async function createVisitor(label: string, pinCode?: string) {
  const person = newPerson(label);
  const created = await api.call('POST /person', {
    body: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      visitorType: 'VISITOR',
      buildingId: building.id,
      ...(pinCode ? { pinCode } : {}),
    },
  });
  return { ...person, id: created.id };
}

/** The visitors' wizard from its first step, the names prefilled from the person's record. */
async function checkInPrefilled(screen: CheckInPage, person: { firstName: string; lastName: string; host: string }) {
  await screen.waitForStep(1, 4, screen.label('wizard.titles.form'));
  await expect.poll(() => screen.formField('firstName').inputValue()).toBe(person.firstName);
  expect(await screen.formField('lastName').inputValue()).toBe(person.lastName);
  await screen.fillForm({ host: person.host });
  await screen.button('next').click();
  await screen.waitForStep(2, 4, building.health.name);
  await screen.answer(building.texts.feverName, 'NO');
  await screen.answer(building.texts.travel, 'NO');
  await screen.button('next').click();
  await screen.waitForStep(3, 4, screen.label('wizard.titles.consentAndEmailMe'));
  await screen.consentCheckbox.check();
  await screen.button('next').click();
  await screen.waitForStep(4, 4, screen.label('wizard.titles.temperatureAndComments'));
  await screen.temperature(1).fill('36.6');
  await screen.button('finish').click();
  await screen.outcomeHeading('allowed').waitFor({ timeout: UI_TIMEOUT_MS });
}

async function expectEntriesToday(personId: string, count: number) {
  await expect
    .poll(async () => (await api.call('GET /person/:id/stats', { params: { id: personId } })).today, {
      timeout: SYNC_TIMEOUT_MS,
      interval: 500,
    })
    .toBe(count);
}

describe('people at the door', () => {
  test('a person checks in with their personal link, prefilled from their record', async () => {
    const { page } = session;
    const person = await createVisitor('Pascal');
    const pass = await api.call('GET /person/:id/pass', { params: { id: person.id } });
    const path = new URL(pass.link).pathname;
    expect(path).toBe(`/checkin/${building.qrCodeKey}/${pass.identifier}`);
    await page.goto(path);
    await waitForPath(page, path);
    const screen = new CheckInPage(page);
    const checkIn = screen.main.getByRole('button', { name: exactly(screen.label('publicVisit.visit.checkInNow')) });
    await checkIn.click({ timeout: UI_TIMEOUT_MS });
    await checkInPrefilled(screen, person);
    await expectEntriesToday(person.id, 1);
  });

  test('a person identifies with the building PIN, their PIN and last name, then checks in', async () => {
    const { page } = session;
    const person = await createVisitor('Pia', '246810');
    const { pinCode } = await api.call('GET /building/:id', { params: { id: building.id } });
    expect(pinCode).not.toBeNull();
    const path = `/pinIdentification/${building.qrCodeKey}`;
    await page.goto(path);
    await waitForPath(page, path);
    const screen = new CheckInPage(page);
    const main = screen.main;
    await main.getByLabel(screen.label('publicVisit.pin.buildingPin')).fill(pinCode ?? '', { timeout: UI_TIMEOUT_MS });
    await main.getByRole('button', { name: exactly(screen.label('publicVisit.pin.next')) }).click();
    await main.getByLabel(screen.label('publicVisit.pin.personalPin')).fill('246810');
    await main.getByLabel(screen.label('publicVisit.pin.lastName')).fill(person.lastName);
    await main.getByRole('button', { name: exactly(screen.label('publicVisit.pin.submit')) }).click();
    await checkInPrefilled(screen, person);
    await expectEntriesToday(person.id, 1);
  });

  test("an enrolled kiosk's welcome offers PIN identification without the building PIN, and its last step returns to the welcome", async () => {
    const { page } = session;
    const person = await createVisitor('Kim', '135790');
    const kiosk = await KioskPage.enrol(page, await enrolmentCode(session.baseUrl, building.id), building.qrCodeKey);
    await kiosk.main.getByRole('link', { name: leading(kiosk.label('publicVisit.pin.open')) }).click();
    await waitForPath(page, `/employeeIdentificationKiosk/${building.qrCodeKey}`);
    const screen = new CheckInPage(page);
    const main = screen.main;
    // The kiosk's credential stands for the building PIN: the person's own credentials only.
    await main.getByLabel(screen.label('publicVisit.pin.lastName')).fill(person.lastName, { timeout: UI_TIMEOUT_MS });
    expect(await main.getByLabel(screen.label('publicVisit.pin.buildingPin')).count()).toBe(0);
    const pad = main.getByRole('group', { name: screen.label('publicVisit.pin.pad') });
    for (const digit of '135790') await pad.getByRole('button', { name: digit, exact: true }).click();
    // Keys a finger can hit: at least 48 px each way.
    const key = await pad.getByRole('button', { name: '5', exact: true }).boundingBox();
    expect(Math.min(key?.width ?? 0, key?.height ?? 0)).toBeGreaterThanOrEqual(48);
    await main.getByRole('button', { name: exactly(screen.label('publicVisit.pin.submit')) }).click();
    await checkInPrefilled(screen, person);
    await screen.doneButton.click();
    await waitForPath(page, `/checkinKiosk/${building.qrCodeKey}`);
    await kiosk.waitForWelcome();
    await expectEntriesToday(person.id, 1);
  });
});
