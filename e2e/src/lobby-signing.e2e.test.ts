// The wizard's photo and signing steps at a lobby tablet (docs/check-in.md, "The wizard") and the
// badge it prints (docs/badges.md): a walk-in takes a photo with the front camera (Chromium's fake
// camera) and signs the building's NDA by drawing on the pad, online and with the network cut; the
// kiosk prints their badge at once (name, host, photo, a QR code that reads as the visit code, on
// one 62 × 100 mm label) and the server's visit has the photo and a drawn signature of the version
// read. A visitor who signed lately is not asked again, until a new version is published. The
// server and its database are real; what it holds is read through its API as the building's
// manager. The browser's print() is recorded instead of opening its dialog, as a kiosk in the
// browser's kiosk-printing mode prints without one; what it prints is Chromium's own PDF.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiClient } from '@vestibule/shared/api';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { type CheckInBuilding, createCheckInBuilding, newPerson } from './harness/checkin-building.ts';
import { demoUsers } from './harness/demo-users.ts';
import { FakeCamera } from './harness/fake-camera.ts';
import { exactly, text } from './harness/i18n.ts';
import { printedPages } from './harness/pdf.ts';
import { decodeQrPng } from './harness/qr.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { signedIn } from './harness/service.ts';
import { KioskPage } from './pages/KioskPage.ts';
import { LoginPage } from './pages/LoginPage.ts';

const camera = new FakeCamera();
const session = useBrowser({ args: camera.chromiumArgs });
const TABLET = { width: 1024, height: 768 };
const poll = { timeout: UI_TIMEOUT_MS };
const NDA_TITLE = 'Non-disclosure agreement';

type Person = ReturnType<typeof newPerson>;

let building: CheckInBuilding;
let manager: ApiClient;
let ndaId: string;

beforeAll(async () => {
  building = await createCheckInBuilding(session.baseUrl);
  manager = await signedIn(session.baseUrl, demoUsers.master.username);
  await manager.call('PATCH /building/:id/settings', {
    params: { id: building.id },
    body: { ...building.settings, visitorPhoto: { VISITOR: 'OPTIONAL' }, badgePrint: { VISITOR: 'ALWAYS' } },
  });
  const nda = await manager.call('POST /building/:id/document', {
    params: { id: building.id },
    body: {
      kind: 'NDA',
      title: NDA_TITLE,
      visitorTypes: ['VISITOR'],
      signMethod: 'DRAW',
      body: 'You will keep **everything** you see and hear in this building to yourself.',
    },
  });
  ndaId = nda.id;
});

afterAll(() => camera.remove());

/** A touch tablet of its own, enrolled as the building's kiosk, ready for the network to go. */
async function tablet(): Promise<{ context: BrowserContext; page: Page; kiosk: KioskPage }> {
  const browser = session.context.browser();
  if (!browser) throw new Error('The browser is not running');
  const context = await browser.newContext({
    baseURL: session.baseUrl,
    locale: 'en-US',
    colorScheme: 'light',
    viewport: TABLET,
    hasTouch: true,
  });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  // Each print() records how many badges the print sheet held.
  await context.addInitScript(() => {
    const prints: number[] = [];
    Object.defineProperty(window, 'badgePrints', { value: prints });
    window.print = () => {
      prints.push(document.querySelectorAll('[data-badge-print] [data-testid="badge"]').length);
    };
  });
  const page = await context.newPage();
  const kiosk = await KioskPage.enrol(page, await enrolmentCode(session.baseUrl, building.id), building.qrCodeKey);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return { context, page, kiosk };
}

async function visitOf(person: Person) {
  const list = await manager.call('GET /meeting', {
    query: { buildingId: building.id, search: person.lastName, limit: 50 },
  });
  return list.docs.filter((visit) => visit.lastName === person.lastName);
}

/** Draws a zigzag across the pad with the mouse (signature_pad reads pointer events). */
async function drawSignature(page: Page, kiosk: KioskPage): Promise<void> {
  const pad = kiosk.wizard.main.getByRole('img', { name: exactly(kiosk.label('wizard.sign.pad')) });
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad is not shown');
  const middle = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, middle);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 40, middle + (i % 2 ? 30 : -30), { steps: 4 });
  await page.mouse.up();
}

interface Walk {
  /** Whether the NDA is asked. */
  signs: boolean;
  /** Check the photo and signing steps with axe. */
  axe?: boolean;
}

/** A walk-in at the kiosk: form, photo, health questions, the NDA when asked, consent, temperature. */
async function checkIn(page: Page, kiosk: KioskPage, person: Person, { signs, axe = false }: Walk): Promise<void> {
  const screen = kiosk.wizard;
  const total = signs ? 6 : 5;
  await screen.chooseType('VISITOR');
  // Until the form is left the wizard cannot tell who signed: every document counts.
  await screen.waitForStep(1, 6, screen.label('wizard.titles.form'));
  await screen.fillForm({
    host: person.host,
    firstName: person.firstName,
    lastName: person.lastName,
    email: `${person.lastName.toLowerCase()}@example.com`,
  });
  await screen.button('next').click();

  await screen.waitForStep(2, total, screen.label('wizard.titles.photo'));
  const take = screen.main.getByRole('button', { name: exactly(screen.label('wizard.photo.take')) });
  await expect.poll(() => take.isEnabled(), poll).toBe(true);
  if (axe) await expectNoAxeViolations(page, 'the photo step');
  await take.click();
  await screen.main.getByRole('img', { name: exactly(screen.label('wizard.photo.preview')) }).waitFor();
  await screen.main.getByText(exactly(screen.label('wizard.photo.taken'))).waitFor();
  await screen.button('next').click();

  await screen.waitForStep(3, total, building.health.name);
  await screen.answer(building.texts.feverName, 'NO');
  await screen.answer(building.texts.travel, 'NO');
  await screen.button('next').click();

  let step = 4;
  if (signs) {
    await screen.waitForStep(step, total, NDA_TITLE);
    expect(await screen.button('next').isDisabled()).toBe(true);
    await drawSignature(page, kiosk);
    await screen.main.getByText(exactly(screen.label('wizard.sign.signed'))).waitFor();
    if (axe) {
      await expectNoAxeViolations(page, 'the signing step');
      // The window resized (a browser bar, the keyboard) keeps the signature: the pad is drawn again.
      await page.setViewportSize({ width: TABLET.width, height: TABLET.height - 100 });
      await page.setViewportSize(TABLET);
      await screen.main.getByText(exactly(screen.label('wizard.sign.signed'))).waitFor();
      expect(await screen.button('next').isEnabled()).toBe(true);
    }
    await screen.button('next').click();
    step += 1;
  }

  await screen.waitForStep(step, total, screen.label('wizard.titles.consentAndEmailMe'));
  await screen.consentCheckbox.check();
  await screen.button('next').click();
  await screen.waitForStep(step + 1, total, screen.label('wizard.titles.temperatureAndComments'));
  await screen.temperature(1).fill('36.6');
  await screen.button('finish').click();
  await screen.outcomeHeading('allowed').waitFor();
}

/**
 * What a QR code drawn as SVG holds, read from a picture of it 300 px wide on a page of its own
 * (at the label's 22 mm the screen's pixels are coarser than a printer's dots).
 */
async function decodedAtScreenSize(page: Page, svg: string): Promise<string> {
  const view = await page.context().newPage();
  try {
    await view.setContent(`<body style="margin:0">${svg}</body>`);
    const drawn = view.locator('svg');
    await drawn.evaluate((element: SVGElement) =>
      element.setAttribute('style', 'display:block;width:300px;height:300px'),
    );
    return decodeQrPng(await drawn.screenshot());
  } finally {
    await view.close();
  }
}

/** What the kiosk printed after a check-in: one badge of the person, on one 62 × 100 mm label. */
async function expectPrintedBadge(page: Page, kiosk: KioskPage, person: Person): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { badgePrints: number[] }).badgePrints), poll)
    .toEqual([1]);
  const code = (await kiosk.visitCode.innerText()).trim();
  // The page as the printer gets it: the badge alone.
  await page.emulateMedia({ media: 'print' });
  try {
    const badge = page.locator('[data-badge-print] [data-testid="badge"]');
    await badge.waitFor();
    const words = (await badge.textContent()) ?? '';
    for (const part of [person.firstName, person.lastName, person.host, kiosk.label('badge.types.VISITOR')])
      expect(words).toContain(part);
    // The sheet is hidden from screen readers (the outcome screen says it all): its roles are read anyway.
    const photo = badge.getByRole('img', { name: exactly(kiosk.label('badge.photo')), includeHidden: true });
    expect(await photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const qr = badge.getByRole('img', {
      name: exactly(`${kiosk.label('badge.qrCode')}: ${code}`),
      includeHidden: true,
    });
    expect(await decodedAtScreenSize(page, await qr.evaluate((svg) => svg.outerHTML))).toBe(code);
  } finally {
    await page.emulateMedia({ media: null });
  }
  expect(await printedPages(page, 'css')).toEqual({ count: 1, sizesMm: [[62, 100]] });
}

/** The visit on the server, once it has it: its photo and signatures. */
async function serverVisit(person: Person) {
  await expect.poll(async () => (await visitOf(person)).length, poll).toBe(1);
  const [visit] = await visitOf(person);
  if (!visit) throw new Error('no visit');
  await expect
    .poll(async () => (await manager.call('GET /meeting/:id', { params: { id: visit.id } })).hasPhoto, poll)
    .toBe(true);
  return manager.call('GET /meeting/:id', { params: { id: visit.id } });
}

/**
 * The desk prints the visit's badge again: its page has the photo, the name, the host and a QR
 * code that reads as the visit code, and prints on one page of each label size the building chooses.
 */
async function expectBadgePage(detail: Awaited<ReturnType<typeof serverVisit>>, person: Person): Promise<void> {
  const browser = session.context.browser();
  if (!browser) throw new Error('The browser is not running');
  const desk = await browser.newContext({
    baseURL: session.baseUrl,
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
  });
  desk.setDefaultTimeout(UI_TIMEOUT_MS);
  try {
    const page = await desk.newPage();
    await (await LoginPage.open(page)).signInAs(demoUsers.master);
    await page.goto(`/badge/${detail.id}`);
    const name = `${person.firstName} ${person.lastName}`;
    await page
      .getByRole('heading', { level: 1, name: exactly(text('en', 'entryLog.badgePage.title', { name })) })
      .waitFor();
    const badge = page
      .getByRole('main')
      .getByRole('article', { name: exactly(`${text('en', 'badge.types.VISITOR')}: ${name}`) });
    const words = (await badge.textContent()) ?? '';
    for (const part of [person.firstName, person.lastName, person.host]) expect(words).toContain(part);
    const photo = badge.getByRole('img', { name: exactly(text('en', 'badge.photo')) });
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), poll)
      .toBe(true);
    const qr = badge.getByRole('img', { name: exactly(`${text('en', 'badge.qrCode')}: ${detail.identifier}`) });
    expect(await decodedAtScreenSize(page, await qr.evaluate((svg) => svg.outerHTML))).toBe(detail.identifier);
    await expectNoAxeViolations(page, 'the badge page');

    // Each size on one page of its own size (a continuous roll: 62 mm wide, as long as the badge).
    // The building's own size comes last: the next scenario's kiosk prints on it.
    for (const [size, expected] of [
      ['LABEL_62_CONTINUOUS', null],
      ['LABEL_4X3_IN', [102, 76]],
      ['A6', [105, 148]],
      ['LABEL_62X100', [62, 100]],
    ] as const) {
      await manager.call('PATCH /building/:id/settings', {
        params: { id: building.id },
        body: {
          ...building.settings,
          visitorPhoto: { VISITOR: 'OPTIONAL' },
          badgePrint: { VISITOR: 'ALWAYS' },
          badgeLayout: { size },
        },
      });
      await page.reload();
      await page.getByRole('main').locator(`[data-testid="badge"][data-size="${size}"]`).waitFor();
      await page
        .locator('[data-badge-print] [data-testid="badge"] img')
        .evaluateAll((images: HTMLImageElement[]) =>
          Promise.all(images.map((image) => image.decode().catch(() => undefined))),
        );
      const printed = await printedPages(page, 'css');
      expect(printed.count, size).toBe(1);
      if (expected) expect(printed.sizesMm, size).toEqual([expected]);
      else {
        const [[width = 0, height = 0] = []] = printed.sizesMm;
        expect(width, size).toBe(62);
        expect(height, size).toBeGreaterThan(40);
        expect(height, size).toBeLessThan(100);
      }
    }
  } finally {
    await desk.close();
  }
}

function signaturesOf(detail: Awaited<ReturnType<typeof serverVisit>>) {
  return (detail.signatures ?? []).map(({ documentId, version, method, hasImage }) => ({
    documentId,
    version,
    method,
    hasImage,
  }));
}

describe('the photo, signing steps and badge at a lobby tablet', () => {
  test('online: a walk-in takes a photo and signs the NDA by drawing; the kiosk prints their badge; the server has both', async () => {
    const { context, page, kiosk } = await tablet();
    try {
      const person = newPerson('Photo');
      await checkIn(page, kiosk, person, { signs: true, axe: true });
      await expectPrintedBadge(page, kiosk, person);
      const detail = await serverVisit(person);
      expect(detail.hasPhoto).toBe(true);
      expect(signaturesOf(detail)).toEqual([{ documentId: ndaId, version: 1, method: 'DRAW', hasImage: true }]);
      await expectBadgePage(detail, person);
    } finally {
      await context.close();
    }
  });

  test('with the network cut: the kiosk prints the badge from its own record; the photo and the signature reach the server after the sync', async () => {
    const { context, page, kiosk } = await tablet();
    try {
      await context.setOffline(true);
      const person = newPerson('Offline');
      await checkIn(page, kiosk, person, { signs: true });
      await expectPrintedBadge(page, kiosk, person);
      expect(await visitOf(person)).toEqual([]);
      await kiosk.done();
      await context.setOffline(false);
      const detail = await serverVisit(person);
      expect(detail.hasPhoto).toBe(true);
      expect(signaturesOf(detail)).toEqual([{ documentId: ndaId, version: 1, method: 'DRAW', hasImage: true }]);
    } finally {
      await context.close();
    }
  });

  test('a visitor who signed is not asked again, until a new version is published', async () => {
    const { context, page, kiosk } = await tablet();
    try {
      const person = newPerson('Again');
      await checkIn(page, kiosk, person, { signs: true });
      const first = await serverVisit(person);
      await kiosk.done();
      const checkOut = async (id: string) =>
        manager.call('PATCH /meeting/:id/check-out', {
          params: { id },
          body: {
            questionnairesAnswers: [{ questionnaireId: building.exit.id, answers: { [building.exit.badge]: 'YES' } }],
          },
        });
      await checkOut(first.id);

      // The same e-mail: the lookup answers the NDA's current version, the step is not shown.
      await checkIn(page, kiosk, person, { signs: false });
      await kiosk.done();
      await expect
        .poll(async () => (await visitOf(person)).filter((visit) => visit.checkedOutAt === null).length, poll)
        .toBe(1);
      const open = (await visitOf(person)).find((visit) => visit.checkedOutAt === null);
      if (!open) throw new Error('no second visit');
      const second = await manager.call('GET /meeting/:id', { params: { id: open.id } });
      expect(signaturesOf(second)).toEqual([]);
      await checkOut(open.id);

      // A new version asks everyone again: the kiosk takes the new configuration on its welcome screen.
      await manager.call('POST /buildingDocument/:id/version', {
        params: { id: ndaId },
        body: { body: 'Version 2: you will keep everything to yourself, photographs included.' },
      });
      const configured = page.waitForResponse(
        (response) => new URL(response.url()).pathname.startsWith('/service/sync/config/') && response.status() === 200,
      );
      await kiosk.reload();
      await configured;
      await checkIn(page, kiosk, person, { signs: true });
      await expect
        .poll(async () => (await visitOf(person)).filter((visit) => visit.checkedOutAt === null).length, poll)
        .toBe(1);
      const third = (await visitOf(person)).find((visit) => visit.checkedOutAt === null);
      if (!third) throw new Error('no third visit');
      await expect
        .poll(async () => signaturesOf(await manager.call('GET /meeting/:id', { params: { id: third.id } })), poll)
        .toEqual([{ documentId: ndaId, version: 2, method: 'DRAW', hasImage: true }]);
    } finally {
      await context.close();
    }
  });
});
