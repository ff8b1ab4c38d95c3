// An invited visitor at an enrolled kiosk (a tablet, touch): the invitation made while the kiosk
// is online is found at once by its visit code, the wizard starts from what the invitation holds
// (e-mail, company), and the success screen shows the PIN the invitation's e-mail gave; then the
// success screen goes back to the welcome screen by itself after the building's delay.
import type { ApiClient } from '@vestibule/shared/api';
import { newBuildingSettings } from '@vestibule/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { newPerson } from './harness/checkin-building.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { codesOfInvitation } from './harness/invitationMail.ts';
import { signedIn } from './harness/service.ts';
import { KioskPage } from './pages/KioskPage.ts';

const session = useBrowser();
const TABLET = { width: 1024, height: 768 };
/** The building's delay before the success screen gives way to the welcome screen. */
const OUTCOME_SECONDS = 5;

let api: ApiClient;
let building: { id: string; qrCodeKey: string };
let hostId: string;
const host = newPerson('Henrietta');

beforeAll(async () => {
  api = await signedIn(session.baseUrl, demoUsers.master.username);
  // A building of its own: the visitors' form as a new building has it (no questionnaire).
  const created = await api.call('POST /building', {
    body: {
      name: `Invitation Lobby ${Date.now().toString(36)}`,
      address1: '5 Quay Street',
      city: 'Toronto',
      zip: 'M5J 2N8',
      state: 'ON',
      countryCode: 'CA',
      pinCode: '2580',
    },
  });
  building = { id: created.id, qrCodeKey: created.qrCodeKey };
  await api.call('PATCH /building/:id/settings', {
    params: { id: building.id },
    body: { ...newBuildingSettings(), kioskOutcomeSeconds: OUTCOME_SECONDS },
  });
  const employee = await api.call('POST /person', {
    body: {
      firstName: host.firstName,
      lastName: host.lastName,
      email: host.email,
      visitorType: 'EMPLOYEE',
      defaultDuration: 480,
      buildingId: building.id,
    },
  });
  hostId = employee.id;
});

/** The tablet, enrolled as the building's kiosk, its day's visits fetched. */
async function enrolledKiosk(page: Page): Promise<KioskPage> {
  await page.setViewportSize(TABLET);
  const kiosk = await KioskPage.enrol(page, await enrolmentCode(session.baseUrl, building.id), building.qrCodeKey);
  await page.waitForLoadState('networkidle');
  return kiosk;
}

describe('an invited visitor at the kiosk', () => {
  test('an invitation made while the kiosk is online is accepted at once, prefilled, with the PIN of the invitation', async () => {
    const { page } = session;
    const kiosk = await enrolledKiosk(page);
    // Invited after the kiosk fetched its day's visits: the kiosk does not hold it.
    const visitor = newPerson('Ines');
    const invited = await api.call('POST /meeting', {
      body: {
        buildingId: building.id,
        visitorType: 'VISITOR',
        firstName: visitor.firstName,
        lastName: visitor.lastName,
        email: visitor.email,
        companyName: 'Quay Freight',
        hostPersonId: hostId,
        scheduledAt: new Date(Date.now() + 20 * 60_000).toISOString(),
        scheduledDuration: 'PT1H',
      },
    });
    const { code, pin } = await codesOfInvitation(visitor.email);
    expect(code).toBe(invited.identifier);

    // The visitor types the code from their e-mail (the tablet has no camera here).
    await kiosk.openScanner();
    await kiosk.main.getByLabel(kiosk.label('scanner.manual.label')).fill(code.toLowerCase());
    await kiosk.main.getByRole('button', { name: exactly(kiosk.label('scanner.manual.submit')) }).click();

    // The wizard starts from the invitation: nothing to retype.
    const wizard = kiosk.wizard;
    await wizard.waitForStep(1, 1, wizard.label('wizard.titles.form'));
    await expect.poll(() => wizard.formField('email').inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(visitor.email);
    expect(await wizard.formField('companyName').inputValue()).toBe('Quay Freight');
    expect(await wizard.formField('firstName').inputValue()).toBe(visitor.firstName);
    expect(await wizard.formField('lastName').inputValue()).toBe(visitor.lastName);
    expect(await wizard.formField('host').inputValue()).toBe(`${host.firstName} ${host.lastName}`);
    await wizard.button('finish').click();

    await wizard.outcomeHeading('allowed').waitFor();
    expect(await kiosk.visitCode.textContent()).toBe(code);
    expect(await kiosk.visitPin.textContent()).toBe(pin);
    await expect
      .poll(async () => (await api.call('GET /meeting/:id', { params: { id: invited.id } })).checkedInAt, {
        timeout: UI_TIMEOUT_MS,
      })
      .not.toBeNull();
  });

  test('the success screen returns to the welcome screen by itself after the building’s delay', async () => {
    const { page } = session;
    const kiosk = await enrolledKiosk(page);
    const walkIn = newPerson('Wanda');
    const wizard = kiosk.wizard;
    await wizard.chooseType('VISITOR');
    await wizard.chooseHost(host.firstName.slice(0, 3), `${host.firstName} ${host.lastName}`);
    await wizard.fillForm({ firstName: walkIn.firstName, lastName: walkIn.lastName });
    await wizard.button('finish').click();
    await wizard.outcomeHeading('allowed').waitFor();
    const countdown = page.getByRole('timer');
    expect(await countdown.textContent()).toMatch(
      new RegExp(`^${text('en', 'publicVisit.kiosk.returning', { seconds: '[1-5]' })}$`),
    );
    expect(await kiosk.visitPin.isVisible()).toBe(true);
    // Nobody touches the tablet: the code and PIN leave the screen for the next person.
    const started = Date.now();
    await kiosk.waitForWelcome();
    expect(Date.now() - started).toBeLessThan((OUTCOME_SECONDS + 5) * 1000);
    expect(await kiosk.visitPin.count()).toBe(0);
  });
});
