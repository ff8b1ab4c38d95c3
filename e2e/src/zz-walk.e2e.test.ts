import { afterAll, beforeAll, test } from 'vitest';
import { useBrowser } from './harness/browser.ts';
import { type CheckInBuilding, createCheckInBuilding, newPerson } from './harness/checkin-building.ts';
import { demoUsers } from './harness/demo-users.ts';
import { FakeCamera } from './harness/fake-camera.ts';
import { exactly } from './harness/i18n.ts';
import { signedIn } from './harness/service.ts';
import { CheckInPage } from './pages/CheckInPage.ts';

const camera = new FakeCamera();
const session = useBrowser({ args: camera.chromiumArgs });
let building: CheckInBuilding;
beforeAll(async () => {
  building = await createCheckInBuilding(session.baseUrl);
  const master = await signedIn(session.baseUrl, demoUsers.master.username);
  await master.call('PATCH /building/:id/settings', {
    params: { id: building.id },
    body: { ...building.settings, visitorPhoto: { VISITOR: 'OPTIONAL' } },
  });
  await master.call('POST /building/:id/document', {
    params: { id: building.id },
    body: { kind: 'NDA', title: 'Accord de confidentialité', visitorTypes: ['VISITOR'], signMethod: 'DRAW', body: 'Vous garderez **tout** ce que vous voyez pour vous.' },
  });
});
afterAll(() => camera.remove());

test('walk', async () => {
  for (const locale of ['fr', 'es'] as const) {
    const browser = session.context.browser()!;
    const context = await browser.newContext({ baseURL: session.baseUrl, locale: 'en-US', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    const w = await CheckInPage.open(page, building.qrCodeKey);
    await w.switchLanguage(locale);
    const person = newPerson('Walk');
    await w.chooseType('VISITOR');
    await w.fillForm({ host: person.host, firstName: person.firstName, lastName: person.lastName, email: `${person.lastName}@example.com` });
    await w.button('next').click();
    const take = w.main.getByRole('button', { name: exactly(w.label('wizard.photo.take')) });
    await take.waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/walk/phone-photo-${locale}.png`, fullPage: true });
    await take.click();
    await w.main.getByText(exactly(w.label('wizard.photo.taken'))).waitFor();
    await page.screenshot({ path: `/tmp/walk/phone-photo-taken-${locale}.png`, fullPage: true });
    await w.button('next').click();
    await w.answer(building.texts.feverName, 'NO');
    await w.answer(building.texts.travel, 'NO');
    await w.button('next').click();
    const pad = w.main.getByRole('img', { name: exactly(w.label('wizard.sign.pad')) });
    await pad.waitFor();
    await page.screenshot({ path: `/tmp/walk/phone-sign-${locale}.png`, fullPage: true });
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + 20 + i * 35, box.y + box.height / 2 + (i % 2 ? 25 : -25), { steps: 4 });
    await page.mouse.up();
    await w.main.getByText(exactly(w.label('wizard.sign.signed'))).waitFor();
    await page.screenshot({ path: `/tmp/walk/phone-signed-${locale}.png`, fullPage: true });
    await context.close();
  }
});
