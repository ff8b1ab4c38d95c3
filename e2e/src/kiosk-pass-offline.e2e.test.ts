// A person's pass at an enrolled kiosk with the network cut: the test draws the pass's
// QR code itself (the personal link as the server builds it, encoded by the server's own pass
// code maker) and holds it up to the kiosk's camera (Chromium's fake camera, harness/fake-camera.ts).
// The kiosk recognises the person from its cached directory and checks them in on the device;
// back online the entry reaches the server linked to the person (visits.person_id, which their
// stats and status count), with the names of their record rather than the initial the kiosk knew.
import { passQrCode } from '@vestibule/server';
import type { ApiClient } from '@vestibule/shared/api';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { newPerson } from './harness/checkin-building.ts';
import { demoUsers } from './harness/demo-users.ts';
import { FakeCamera } from './harness/fake-camera.ts';
import { leading } from './harness/i18n.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { signedIn } from './harness/service.ts';
import { KioskPage } from './pages/KioskPage.ts';

const camera = new FakeCamera();
const session = useBrowser({ args: camera.chromiumArgs });
const TABLET = { width: 1024, height: 768 };
const poll = { timeout: UI_TIMEOUT_MS };

interface DemoHq {
  id: string;
  qrCodeKey: string;
}

let api: ApiClient;
let demoHq: DemoHq;

beforeAll(async () => {
  api = await signedIn(session.baseUrl, demoUsers.master.username);
  // Demo HQ, named by its id: adding a building would spend Demo Corp's building licences.
  const { docs } = await api.call('GET /building', { query: { search: 'Demo HQ' } });
  const found = docs.find((building) => building.name === 'Demo HQ');
  if (!found) throw new Error('The demo data has no Demo HQ');
  demoHq = { id: found.id, qrCodeKey: found.qrCodeKey };
});

afterAll(() => camera.remove());

function isPush(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/service/sync/push';
}

/** The tablet, enrolled as Demo HQ's kiosk, its code and the people directory cached for offline. */
async function enrolledKiosk(page: Page): Promise<KioskPage> {
  await page.setViewportSize(TABLET);
  const kiosk = await KioskPage.enrol(page, await enrolmentCode(session.baseUrl, demoHq.id), demoHq.qrCodeKey);
  await page.waitForLoadState('networkidle');
  // Offline, the scanner's code (loaded on demand) comes from the service worker's precache.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return kiosk;
}

describe('a pass at a kiosk offline', () => {
  test('an employee scans their pass with the network cut; back online the visit is linked to them', async () => {
    const { page, context } = session;
    const employee = newPerson('Edith');
    const created = await api.call('POST /person', {
      body: {
        firstName: employee.firstName,
        lastName: employee.lastName,
        email: employee.email,
        visitorType: 'EMPLOYEE',
        defaultDuration: 480,
        buildingId: demoHq.id,
      },
    });

    // The pass's content, as the server builds it: {public URL}/checkin/{building key}/{pass}.
    const pass = await api.call('GET /person/:id/pass', { params: { id: created.id } });
    const link = `${session.baseUrl}/checkin/${demoHq.qrCodeKey}/${pass.identifier}`;
    expect(pass.link).toBe(link);

    // Enrolled after the person exists, the kiosk's cached directory knows them.
    const kiosk = await enrolledKiosk(page);
    await context.setOffline(true);
    await expect.poll(() => kiosk.statusLine.innerText(), poll).toContain(kiosk.statusText(false));

    // The employee holds their pass up to the camera.
    camera.showPng(await passQrCode(link));
    await kiosk.openScanner();
    await kiosk.scanned();
    const screen = kiosk.wizard;
    // The wizard starts from the cached directory: the first name and the last name's initial.
    await expect.poll(() => screen.formField('firstName').inputValue(), poll).toBe(employee.firstName);
    expect(await screen.formField('lastName').inputValue()).toBe(employee.lastName.charAt(0));
    await expectNoAxeViolations(page, 'the wizard started from a scanned pass, offline');
    await screen.button('finish').click();
    await screen.outcomeHeading('allowed').waitFor();
    // An employee is handed no visit code: they check out with their pass.
    expect(await kiosk.visitCode.count()).toBe(0);
    await expect
      .poll(() => kiosk.deliveryNotice.innerText(), poll)
      .toBe(kiosk.label('publicVisit.offline.savedOnKiosk'));

    // Nothing reached the server: the person is not in yet.
    expect((await api.call('GET /person/:id/stats', { params: { id: created.id } })).today).toBe(0);
    await kiosk.done();
    expect((await kiosk.pending.innerText()).trim()).toBe(`· ${kiosk.pendingText(1)}`);

    // Back online, the entry is pushed and applied.
    const delivered = page.waitForResponse((response) => isPush(response.request()) && response.status() === 200);
    await context.setOffline(false);
    const answer = (await (await delivered).json()) as { results: { status: string }[] };
    expect(answer.results.map((result) => result.status)).toEqual(['applied']);
    await kiosk.pending.waitFor({ state: 'detached' });
    await expect.poll(() => kiosk.statusLine.innerText(), poll).toBe(kiosk.statusText(true));

    // The server's visit: the record's names (the kiosk knew an initial).
    const { docs } = await api.call('GET /meeting', {
      query: { buildingId: demoHq.id, search: employee.lastName, limit: 50 },
    });
    expect(docs.map((visit) => [visit.firstName, visit.lastName, visit.visitorType])).toEqual([
      [employee.firstName, employee.lastName, 'EMPLOYEE'],
    ]);
    const [visit] = docs;
    expect(visit!.checkedInAt).not.toBeNull();
    expect(visit!.checkedOutAt).toBeNull();
    // Linked to the person: their stats and their status count visits by visits.person_id.
    expect((await api.call('GET /person/:id/stats', { params: { id: created.id } })).today).toBe(1);
    const people = await api.call('GET /people', { query: { search: employee.lastName } });
    expect(people.docs.map((person) => [person.id, person.status])).toEqual([[created.id, 'IN']]);

    // Scanned again, now online: the server knows they are in.
    camera.showPng(await passQrCode(link));
    await kiosk.openScanner();
    await expect.poll(() => kiosk.scanResult.innerText(), poll).toBe(kiosk.label('publicVisit.scan.alreadyIn'));
    await kiosk.main.getByRole('link', { name: leading(kiosk.label('publicVisit.checkIn.checkOut')) }).waitFor();
  });
});
