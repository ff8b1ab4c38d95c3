import { afterAll, beforeAll, test } from 'vitest';
import { useBrowser } from './harness/browser.ts';
import { type CheckInBuilding, createCheckInBuilding, newPerson } from './harness/checkin-building.ts';
import { demoUsers } from './harness/demo-users.ts';
import { FakeCamera } from './harness/fake-camera.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { signedIn } from './harness/service.ts';
import { KioskPage } from './pages/KioskPage.ts';

const camera = new FakeCamera();
const session = useBrowser({ args: camera.chromiumArgs });
let building: CheckInBuilding;
beforeAll(async () => {
  building = await createCheckInBuilding(session.baseUrl);
  const master = await signedIn(session.baseUrl, demoUsers.master.username);
  await master.call('PATCH /building/:id/settings', {
    params: { id: building.id },
    body: { ...building.settings, badgePrint: { VISITOR: 'ASK' } },
  });
});
afterAll(() => camera.remove());

test('walk', async () => {
  for (const locale of ['en', 'fr', 'es'] as const) {
    const browser = session.context.browser()!;
    const context = await browser.newContext({ baseURL: session.baseUrl, locale: 'en-US', viewport: { width: 1024, height: 768 }, hasTouch: true });
    const page = await context.newPage();
    const kiosk = await KioskPage.enrol(page, await enrolmentCode(session.baseUrl, building.id), building.qrCodeKey);
    const w = kiosk.wizard;
    await w.switchLanguage(locale);
    const person = newPerson('Walk');
    await w.chooseType('VISITOR');
    await w.fillForm({ host: person.host, firstName: person.firstName, lastName: person.lastName });
    await w.button('next').click();
    await w.answer(building.texts.feverName, 'NO');
    await w.answer(building.texts.travel, 'NO');
    await w.button('next').click();
    await w.consentCheckbox.check();
    await w.button('next').click();
    await w.temperature(1).fill('36.6');
    await w.button('finish').click();
    await w.outcomeHeading('allowed').waitFor();
    await page.screenshot({ path: `/tmp/walk/outcome-${locale}.png` });
    await page.emulateMedia({ media: 'print' });
    await page.locator('[data-badge-print] [data-testid="badge"]').screenshot({ path: `/tmp/walk/badge-${locale}.png` });
    await page.emulateMedia({ media: null });
    await context.close();
  }
});
