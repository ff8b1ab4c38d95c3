// The kiosk offline, in Chromium (docs/kiosk.md, "Sync exactly once"): a lobby tablet provisioned once keeps checking
// people in with the network cut, and every check-in reaches the server exactly once, however
// the pushes are held, cut or repeated. The kiosk is the production build the server serves;
// the server and its database are real (never mocked): what the server holds is read through
// its API as the building's manager. The last scenario builds the kiosk twice and serves the
// builds from a server of its own (harness/kiosk-releases.ts), to publish a new build while a
// visitor is mid-wizard.
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import type { VisitDetail, VisitSummary } from '@vestibule/shared';
import type { ApiClient } from '@vestibule/shared/api';
import { type CheckInBuilding, buildingTexts, createCheckInBuilding, newPerson } from './harness/checkin-building.ts';
import { signedIn } from './harness/service.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { waitForPath } from './harness/navigation.ts';
import { type KioskReleases, startKioskReleases } from './harness/kiosk-releases.ts';
import { BuildingsPage } from './pages/BuildingsPage.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { KioskPage } from './pages/KioskPage.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { LoginPage } from './pages/LoginPage.ts';

const session = useBrowser();
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
const poll = { timeout: UI_TIMEOUT_MS };
const PUSH = '**/service/sync/push';
const STAFF_PIN = '1234';

type Person = ReturnType<typeof newPerson>;
type ServerVisit = VisitSummary;
type ServerVisitDetail = VisitDetail;

interface PushedMutation {
  mutationId: string;
  deviceId: string;
  seq: number;
  type: 'checkIn' | 'checkOut';
  visitId: string;
  occurredAt: string;
}

interface MutationAnswer {
  mutationId: string;
  status: 'applied' | 'duplicate' | 'rejected';
  errorCode?: string;
}

let building: CheckInBuilding;
let manager: ApiClient;

beforeAll(async () => {
  building = await createCheckInBuilding(session.baseUrl);
  manager = await signedIn(session.baseUrl, demoUsers.master.username);
});

// --- What the server holds ------------------------------------------------------------------

/** The building's visits of one person (by the unique last name the test gave them). */
async function visitsOf(
  person: Person,
  of: CheckInBuilding = building,
  api: ApiClient = manager,
): Promise<ServerVisit[]> {
  const list = await api.call('GET /meeting', { query: { buildingId: of.id, search: person.lastName, limit: 500 } });
  return list.docs.filter((visit) => visit.lastName === person.lastName);
}

async function visitDetail(id: string): Promise<ServerVisitDetail> {
  return manager.call('GET /meeting/:id', { params: { id } });
}

function sameInstant(a: string | null | undefined, b: string | null | undefined): boolean {
  return a != null && b != null && new Date(a).getTime() === new Date(b).getTime();
}

// --- The pushes a page (or every tab of a context) sends, and the server's answers -----------

class PushLog {
  readonly sent: PushedMutation[] = [];
  readonly answers: MutationAnswer[] = [];

  constructor(target: Page | BrowserContext) {
    target.on('request', (request) => {
      if (!isPush(request)) return;
      const body = request.postDataJSON() as { mutations: PushedMutation[] };
      this.sent.push(...body.mutations);
    });
    target.on('response', (response) => {
      if (!isPush(response.request()) || response.status() !== 200) return;
      void response.json().then(
        (body: { results: MutationAnswer[] }) => this.answers.push(...body.results),
        () => undefined,
      );
    });
  }

  /** The device's check-in of a visit, as the kiosk sent it (its time, its seq). */
  checkInOf(visitId: string): PushedMutation | undefined {
    return this.sent.find((mutation) => mutation.visitId === visitId && mutation.type === 'checkIn');
  }

  statusesOf(mutationId: string): string[] {
    return this.answers.filter((answer) => answer.mutationId === mutationId).map((answer) => answer.status);
  }
}

function isPush(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/service/sync/push';
}

/** Someone else's browser (a phone, the administration's desktop): a context of its own. */
async function anotherContext(
  viewport: { width: number; height: number },
  baseURL: string = session.baseUrl,
): Promise<BrowserContext> {
  const browser = session.context.browser();
  if (!browser) throw new Error('The browser is not running');
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    colorScheme: 'light',
    viewport,
  });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  return context;
}

/** A person checks in on their own phone, online (/checkin/{key}); answers the visit code it shows. */
async function checkInFromPhone(person: Person, of: CheckInBuilding): Promise<string> {
  const phoneContext = await anotherContext(PHONE);
  try {
    const phone = await CheckInPage.open(await phoneContext.newPage(), of.qrCodeKey);
    await walkThroughWizard(phone, person, {}, of);
    const code = (await phone.code('code').innerText()).trim();
    // The phone sends its check-in at once: the page stays open until the server has it.
    await expect.poll(async () => (await visitsOf(person, of)).length, poll).toBe(1);
    return code;
  } finally {
    await phoneContext.close();
  }
}

// --- The kiosk ------------------------------------------------------------------------------

/** A tablet-size page of the context, enrolled as the building's kiosk, its code loaded. */
async function provisionedKiosk(
  page: Page,
  of: CheckInBuilding = building,
  baseUrl = session.baseUrl,
): Promise<KioskPage> {
  await page.setViewportSize(TABLET);
  const kiosk = await KioskPage.enrol(page, await enrolmentCode(baseUrl, of.id), of.qrCodeKey);
  // The wizard's code loads while the welcome screen shows: let it arrive before the network goes.
  await page.waitForLoadState('networkidle');
  // Offline, the pages loaded on demand (self check-out, staff screen) come from the service
  // worker's precache: a kiosk is ready for the network to go once the worker controls it.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return kiosk;
}

interface Answers {
  fever?: 'YES' | 'NO';
  /** Fills everything up to Finish, without clicking it. */
  stopBeforeFinish?: boolean;
}

/** A visitor walks through the kiosk's wizard: form, health questions, consent, temperature. */
function checkInAtKiosk(kiosk: KioskPage, person: Person, answers: Answers = {}, of: CheckInBuilding = building) {
  return walkThroughWizard(kiosk.wizard, person, answers, of);
}

/** The check-in wizard (a kiosk's or a phone's): form, health questions, consent, temperature. */
async function walkThroughWizard(screen: CheckInPage, person: Person, answers: Answers, of: CheckInBuilding) {
  await fillVisitorForm(screen, person);
  await finishWizardAfterForm(screen, answers, of);
}

/** The wizard's first step: visitor, then the form (host and name). */
async function fillVisitorForm(screen: CheckInPage, person: Person): Promise<void> {
  await screen.chooseType('VISITOR');
  await screen.waitForStep(1, 4, screen.label('wizard.titles.form'));
  await screen.fillForm({ host: person.host, firstName: person.firstName, lastName: person.lastName });
}

/** From a filled form on: health questions, consent, temperature, Finish (unless told to stop). */
async function finishWizardAfterForm(
  screen: CheckInPage,
  { fever = 'NO', stopBeforeFinish = false }: Answers,
  of: CheckInBuilding,
): Promise<void> {
  await screen.button('next').click();
  await screen.waitForStep(2, 4, of.health.name);
  await screen.answer(of.texts.feverName, fever);
  await screen.answer(of.texts.travel, 'NO');
  await screen.button('next').click();
  await screen.waitForStep(3, 4, screen.label('wizard.titles.consentAndEmailMe'));
  await screen.consentCheckbox.check();
  await screen.button('next').click();
  await screen.waitForStep(4, 4, screen.label('wizard.titles.temperatureAndComments'));
  await screen.temperature(1).fill('36.6');
  if (stopBeforeFinish) return;
  await screen.button('finish').click();
  await screen.outcomeHeading(fever === 'YES' ? 'refused' : 'allowed').waitFor();
}

describe('kiosk offline', () => {
  test('offline check-in, back online: exactly one server row with the time the kiosk recorded', async () => {
    const { page, context } = session;
    const kiosk = await provisionedKiosk(page);
    const pushes = new PushLog(page);
    await expect.poll(() => kiosk.statusLine.innerText(), poll).toBe(kiosk.statusText(true));

    await context.setOffline(true);
    await expect.poll(() => kiosk.statusLine.innerText(), poll).toContain(kiosk.statusText(false));
    await expectNoAxeViolations(page, 'the offline welcome screen');

    const person = newPerson('Olive');
    const before = Date.now();
    await checkInAtKiosk(kiosk, person);
    const after = Date.now();
    const code = (await kiosk.visitCode.innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{6,}$/);
    expect(await kiosk.visitPin.innerText()).toMatch(/^\d{4}$/);
    await expect
      .poll(() => kiosk.deliveryNotice.innerText(), poll)
      .toBe(kiosk.label('publicVisit.offline.savedOnKiosk'));
    await kiosk.wizard.outcome('allowed').getByText(buildingTexts.success).waitFor();
    // Offline, every push attempt fails in the browser: the server has nothing yet.
    expect(pushes.answers).toEqual([]);
    expect(await visitsOf(person)).toEqual([]);

    await kiosk.done();
    expect(await kiosk.statusLine.innerText()).toContain(kiosk.statusText(false));
    expect((await kiosk.pending.innerText()).trim()).toBe(`· ${kiosk.pendingText(1)}`);

    const delivered = page.waitForResponse((response) => isPush(response.request()) && response.status() === 200);
    await context.setOffline(false);
    await delivered;
    await kiosk.pending.waitFor({ state: 'detached' });
    await expect.poll(() => kiosk.statusLine.innerText(), poll).toBe(kiosk.statusText(true));

    const visits = await visitsOf(person);
    expect(visits).toHaveLength(1);
    const [visit] = visits;
    expect(visit!.identifier).toBe(code);
    const pushed = pushes.sent.find((mutation) => mutation.visitId === visit?.id);
    expect(pushed!.type).toBe('checkIn');
    // The server keeps the time the kiosk recorded (before it was back online), not its own.
    expect(sameInstant(visit!.checkedInAt, pushed!.occurredAt)).toBe(true);
    const checkedInAt = new Date(visit?.checkedInAt ?? 0).getTime();
    expect(checkedInAt).toBeGreaterThanOrEqual(before);
    expect(checkedInAt).toBeLessThanOrEqual(after);
    expect(pushes.statusesOf(pushed!.mutationId ?? '')).toEqual(['applied']);
  });

  test('the push held, the page reloaded, the push released: exactly one row', async () => {
    const { page } = session;
    const kiosk = await provisionedKiosk(page);
    const pushes = new PushLog(page);

    let held: Route | undefined;
    let heldSeen!: () => void;
    const firstPushHeld = new Promise<void>((resolve) => (heldSeen = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(PUSH, async (route) => {
      if (!held) {
        held = route;
        heldSeen();
        return;
      }
      // The reloaded page's push waits until the held one has reached the server.
      await released;
      await route.continue();
    });

    const person = newPerson('Hector');
    await checkInAtKiosk(kiosk, person);
    const code = (await kiosk.visitCode.innerText()).trim();
    await firstPushHeld;

    const resent = page.waitForRequest((request) => isPush(request));
    await kiosk.reload();
    await expect.poll(() => kiosk.pending.innerText(), poll).toContain(kiosk.pendingText(1));
    await resent;

    // The held push now reaches the server, which commits it; its page is gone.
    const answer = await held?.fetch();
    expect(answer!.status()).toBe(200);
    const first = (await answer?.json()) as { results: MutationAnswer[] };
    expect(first.results.map((result) => result.status)).toEqual(['applied']);
    await held?.fulfill({ response: answer }).catch(() => undefined);

    const second = page.waitForResponse((response) => isPush(response.request()));
    release();
    const duplicate = (await (await second).json()) as { results: MutationAnswer[] };
    expect(duplicate.results).toEqual([
      expect.objectContaining({ mutationId: first.results[0]?.mutationId, status: 'duplicate' }),
    ]);
    await kiosk.pending.waitFor({ state: 'detached' });

    const visits = await visitsOf(person);
    expect(visits.map((visit) => visit.identifier)).toEqual([code]);
    expect(new Set(pushes.sent.map((mutation) => mutation.mutationId)).size).toBe(1);
  });

  test('the server commits but the response is cut: retried, duplicate, still one row', async () => {
    const { page } = session;
    const kiosk = await provisionedKiosk(page);
    const pushes = new PushLog(page);
    let cut = 0;
    await page.route(PUSH, async (route) => {
      if (cut > 0) return route.continue();
      cut++;
      const committed = await route.fetch();
      expect(committed.status()).toBe(200);
      await route.abort('connectionreset');
    });

    const person = newPerson('Cyrus');
    const duplicate = page.waitForResponse((response) => isPush(response.request()) && response.status() === 200, {
      timeout: 30_000,
    });
    await checkInAtKiosk(kiosk, person);
    const code = (await kiosk.visitCode.innerText()).trim();
    const retried = (await (await duplicate).json()) as { results: MutationAnswer[] };
    expect(retried.results.map((result) => result.status)).toEqual(['duplicate']);

    await kiosk.done();
    await expect.poll(() => kiosk.pending.count(), poll).toBe(0);
    await expect.poll(() => kiosk.statusLine.innerText(), poll).toBe(kiosk.statusText(true));
    const visits = await visitsOf(person);
    expect(visits.map((visit) => visit.identifier)).toEqual([code]);
    // The same entry both times: one mutation id, sent twice.
    expect(pushes.sent).toHaveLength(2);
    expect(new Set(pushes.sent.map((mutation) => mutation.mutationId)).size).toBe(1);
  });

  test('two tabs checking in at once: N rows, no duplicates, each with its own seq', async () => {
    const { context } = session;
    const pushes = new PushLog(context);
    const tabs = [await provisionedKiosk(session.page), await provisionedKiosk(await context.newPage())];
    const people: Person[] = [];
    const codes: string[] = [];
    for (let round = 0; round < 2; round++) {
      const pair = [newPerson(`Tab${round}a`), newPerson(`Tab${round}b`)];
      people.push(...pair);
      // Chromium slows the page not in front: each visitor fills the form on a tab brought to front.
      for (const [i, tab] of tabs.entries()) {
        await tab.page.bringToFront();
        await checkInAtKiosk(tab, pair[i] as Person, { stopBeforeFinish: true });
        await tab.wizard.button('finish').focus();
      }
      // Both visitors press Finish at the same moment.
      await Promise.all(tabs.map((tab) => tab.page.keyboard.press('Enter')));
      for (const tab of tabs) {
        await tab.page.bringToFront();
        await tab.wizard.outcomeHeading('allowed').waitFor();
        codes.push((await tab.visitCode.innerText()).trim());
        await tab.done();
      }
    }
    expect(new Set(codes).size).toBe(people.length);
    for (const tab of tabs) await expect.poll(() => tab.pending.count(), poll).toBe(0);

    const visits = (await Promise.all(people.map((person) => visitsOf(person)))).flat();
    expect(visits.map((visit) => visit.identifier).sort()).toEqual([...codes].sort());
    const details = await Promise.all(visits.map((visit) => visitDetail(visit.id)));
    const deviceIds = new Set(details.map((detail) => detail.deviceId));
    expect(deviceIds.size).toBe(1);
    const [deviceId] = [...deviceIds];

    // Each visit came from its own outbox entry with its own sequence number, each applied once.
    const entries = visits.map((visit) => pushes.checkInOf(visit.id));
    const seqs = entries.map((entry) => entry?.seq);
    expect(new Set(seqs).size).toBe(people.length);
    expect([...seqs].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4]);
    for (const entry of entries) expect(pushes.statusesOf(entry!.mutationId ?? '')).toContain('applied');

    // The server saw one device, with nothing waiting and no gap in its sequence.
    const devices = await manager.call('GET /building/:id/devices', { params: { id: building.id } });
    const device = devices.devices.find((d) => d.deviceId === deviceId);
    expect(device).toMatchObject({ pendingCount: 0, rejectedCount: 0, alerts: [] });
  });

  test(
    'a day offline: five visitors, one refused, one already in from a phone, one checked out; back online the server holds exactly what was accepted, once',
    { timeout: 90_000 },
    async () => {
      const { page, context, baseUrl } = session;
      const lobby = await createCheckInBuilding(baseUrl);
      const kiosk = await provisionedKiosk(page, lobby);
      const pushes = new PushLog(page);
      await context.setOffline(true);
      await expect.poll(() => kiosk.statusLine.innerText(), poll).toContain(kiosk.statusText(false));

      const [ann, ben, cleo, dana, eve] = ['Ann', 'Ben', 'Cleo', 'Dana', 'Eve'].map((name) => newPerson(name)) as [
        Person,
        Person,
        Person,
        Person,
        Person,
      ];
      const codes = new Map<Person, string>();
      const windows = new Map<Person, [number, number]>();
      for (const person of [ann, ben, cleo, dana, eve]) {
        const refused = person === ben;
        const before = Date.now();
        await checkInAtKiosk(kiosk, person, { fever: refused ? 'YES' : 'NO' }, lobby);
        windows.set(person, [before, Date.now()]);
        // Decided on the device with the building's rules: a refusal shows the failure text and no code.
        if (refused) await kiosk.wizard.outcome('refused').getByText(buildingTexts.failure).waitFor();
        const shownCodes = await kiosk.visitCode.count();
        expect({ person: person.lastName, shownCodes }).toEqual({
          person: person.lastName,
          shownCodes: refused ? 0 : 1,
        });
        if (!refused) codes.set(person, (await kiosk.visitCode.innerText()).trim());
        await expect
          .poll(() => kiosk.deliveryNotice.innerText(), poll)
          .toBe(kiosk.label('publicVisit.offline.savedOnKiosk'));
        await kiosk.done();
      }

      // Meanwhile Dana has checked in from her phone, online.
      const phoneCode = await checkInFromPhone(dana, lobby);
      expect(phoneCode).not.toBe(codes.get(dana));

      // Eve leaves: she checks out at the kiosk, still offline, with the exit question.
      const selfCheckOut = await kiosk.openCheckOut();
      await selfCheckOut.offlineNotice.waitFor();
      await selfCheckOut.lastName.fill(eve.lastName);
      await selfCheckOut.searchButton.click();
      await selfCheckOut.resultsHeading.waitFor();
      await expect.poll(() => selfCheckOut.results.count(), poll).toBe(1);
      const exitForm = await selfCheckOut.choose(selfCheckOut.results.first());
      await exitForm.answer(lobby.texts.badge, 'YES');
      const checkOutFrom = Date.now();
      await exitForm.submitButton.click();
      await exitForm.doneHeading.waitFor();
      const checkOutTo = Date.now();
      await selfCheckOut.savedOffline.waitFor();
      // Done: the kiosk goes back to its welcome screen for the next person.
      await selfCheckOut.doneButton.click();
      await kiosk.waitForWelcome();

      expect((await kiosk.pending.innerText()).trim()).toBe(`· ${kiosk.pendingText(6)}`);
      await expectNoAxeViolations(page, 'the offline welcome screen with check-ins waiting');

      // The network is back: the kiosk sends everything, the server decides each entry once.
      await context.setOffline(false);
      await kiosk.pending.waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(() => kiosk.statusLine.innerText(), poll).toBe(kiosk.statusText(true));

      const buildingVisits = async () => {
        const list = await manager.call('GET /meeting', { query: { buildingId: lobby.id, limit: 500 } });
        return Promise.all(list.docs.map((visit) => visitDetail(visit.id)));
      };
      const held = await buildingVisits();
      expect(held).toHaveLength(5);
      const fever = (visit: ServerVisitDetail) =>
        visit.questionnairesAnswers.flatMap((q) => q.items).find((item) => item.questionId === lobby.health.fever)
          ?.answer;
      for (const person of [ann, cleo, eve]) {
        const visits = held.filter((visit) => visit.lastName === person.lastName);
        expect(visits).toHaveLength(1);
        const [visit] = visits as [ServerVisitDetail];
        expect(visit).toMatchObject({ identifier: codes.get(person), allowed: true, source: 'KIOSK' });
        expect(fever(visit)).toBe('NO');
        const pushed = pushes.checkInOf(visit.id);
        expect(sameInstant(visit.checkedInAt, pushed!.occurredAt)).toBe(true);
        const [from, to] = windows.get(person) ?? [0, 0];
        expect(new Date(visit.checkedInAt ?? 0).getTime()).toBeGreaterThanOrEqual(from);
        expect(new Date(visit.checkedInAt ?? 0).getTime()).toBeLessThanOrEqual(to);
        expect({ person: person.lastName, out: visit.checkedOutAt !== null }).toEqual({
          person: person.lastName,
          out: person === eve,
        });
      }
      // Eve is checked out at the time she did it at the kiosk, with her exit answer.
      const eveVisit = held.find((visit) => visit.lastName === eve.lastName);
      const eveOut = pushes.sent.find((mutation) => mutation.type === 'checkOut');
      expect(eveOut!.visitId).toBe(eveVisit?.id);
      expect(sameInstant(eveVisit!.checkedOutAt, eveOut!.occurredAt)).toBe(true);
      expect(new Date(eveVisit!.checkedOutAt ?? 0).getTime()).toBeGreaterThanOrEqual(checkOutFrom);
      expect(new Date(eveVisit!.checkedOutAt ?? 0).getTime()).toBeLessThanOrEqual(checkOutTo);
      expect(pushes.statusesOf(eveOut!.mutationId ?? '')).toEqual(['applied']);
      expect(
        eveVisit!.exitQuestionnairesAnswers
          .flatMap((q) => q.items)
          .find((item) => item.questionId === lobby.exit.badge)!.answer,
      ).toBe('YES');
      // The refused visitor is in the log, not in the building, with the answer that refused him.
      const refused = held.filter((visit) => visit.lastName === ben.lastName);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({ allowed: false, checkedInAt: null });
      expect(fever(refused[0] as ServerVisitDetail)).toBe('YES');
      // Dana: only the visit from her phone; the kiosk's entry came back CHECKEDIN.
      const danas = held.filter((visit) => visit.lastName === dana.lastName);
      expect(danas).toHaveLength(1);
      expect(danas[0]).toMatchObject({ identifier: phoneCode, source: 'OWN_DEVICE', allowed: true });
      const danaAtKiosk = pushes.sent.find(
        (mutation) => mutation.type === 'checkIn' && !held.some((visit) => visit.id === mutation.visitId),
      );
      expect(danaAtKiosk).toBeDefined();
      expect(pushes.answers.find((answer) => answer.mutationId === danaAtKiosk!.mutationId)).toMatchObject({
        status: 'rejected',
        errorCode: 'CHECKEDIN',
      });

      // The staff screen lists the refused entry for staff to resolve.
      await kiosk.openStaff(STAFF_PIN);
      // The counts are read from the device's database after the screen opens ("…" until then).
      await expect.poll(() => kiosk.staffFact('pending').innerText(), poll).toBe('0');
      expect(await kiosk.staffFact('network').innerText()).toBe(kiosk.statusText(true));
      await expect.poll(() => kiosk.staffRejected.count(), poll).toBe(1);
      const rejectedRow = await kiosk.staffRejected.innerText();
      expect(rejectedRow).toContain(`${dana.firstName} ${dana.lastName}`);
      expect(rejectedRow).toContain(text('en', 'errors.CHECKEDIN'));
      await expectNoAxeViolations(page, 'the staff screen');
      const deviceId = (await kiosk.staffFact('device').innerText()).trim();
      expect(deviceId).toBe(danaAtKiosk?.deviceId);

      // A second sync changes nothing.
      const answersBefore = pushes.answers.length;
      const refreshed = page.waitForResponse((response) =>
        new URL(response.url()).pathname.startsWith('/service/sync/config/'),
      );
      await kiosk.syncNow.click();
      await refreshed;
      await expect.poll(() => kiosk.syncNow.innerText(), poll).toBe(kiosk.label('publicVisit.staff.syncNow'));
      expect(await buildingVisits()).toEqual(held);
      expect(pushes.answers).toHaveLength(answersBefore);
      expect(await kiosk.staffRejected.count()).toBe(1);

      // The administration shows the kiosk and the entry to resolve.
      const adminContext = await anotherContext({ width: 1280, height: 800 });
      try {
        const adminPage = await adminContext.newPage();
        const login = await LoginPage.open(adminPage);
        await login.signInAs(demoUsers.master);
        const buildings = await BuildingsPage.open(adminPage);
        const dialog = await buildings.openBuilding(lobby.name);
        await dialog.openTab('devices');
        await dialog.kioskDeviceRow(deviceId).waitFor();
        await expect.poll(() => dialog.kioskRejectedRows.count(), poll).toBe(1);
        const row = dialog.kioskRejectedRows.first();
        expect(await row.getAttribute('data-mutation-id')).toBe(danaAtKiosk?.mutationId);
        expect(await row.innerText()).toContain(`${dana.firstName} ${dana.lastName}`);
        expect(await row.innerText()).toContain(text('en', 'errors.CHECKEDIN'));
        await row
          .getByRole('button', {
            name: exactly(text('en', 'buildings.kiosks.resolveOf', { name: `${dana.firstName} ${dana.lastName}` })),
          })
          .waitFor();
      } finally {
        await adminContext.close();
      }
    },
  );
});

/** The device id the page's kiosk keeps in IndexedDB. */
async function deviceIdOfPage(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('vestibule-kiosk');
        open.onerror = () => reject(new Error('no kiosk database'));
        open.onsuccess = () => {
          const read = open.result.transaction('meta').objectStore('meta').get('deviceId');
          read.onsuccess = () => resolve((read.result as { value: string }).value);
          read.onerror = () => reject(new Error('no device id'));
        };
      }),
  );
}

/** The service workers of the page's registration, to say why an update did not happen. */
async function workerStates(page: Page): Promise<string> {
  return page
    .evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const worker = (sw: ServiceWorker | null | undefined) => (sw ? `${sw.state} ${sw.scriptURL}` : 'none');
      return JSON.stringify({
        controller: worker(navigator.serviceWorker.controller),
        active: worker(registration?.active),
        waiting: worker(registration?.waiting),
        installing: worker(registration?.installing),
        welcome: document.querySelector('h1')?.textContent ?? null,
      });
    })
    .catch((error: unknown) => `unknown (${String(error)})`);
}

/** Chromium's longest hold on a waiting worker's activation (its "lame duck" limit), and a margin. */
const ACTIVATION_TIMEOUT_MS = 5 * 60_000 + 30_000;

describe('an enrolled kiosk', () => {
  test(
    'enrolled from the administration by its QR code, it checks in offline; revoked meanwhile, back online its entries are held for review whatever their dates, and it says so; the administrator applies one and discards the other',
    { timeout: 120_000 },
    async () => {
      const lobby = await createCheckInBuilding(session.baseUrl);
      const tablet = await anotherContext(TABLET);
      const adminContext = await anotherContext({ width: 1280, height: 800 });
      try {
        // The building key alone makes no kiosk: the tablet is asked to enrol.
        const page = await tablet.newPage();
        await page.goto(`/checkinKiosk/${lobby.qrCodeKey}`);
        const unenrolled = new KioskPage(page, lobby.qrCodeKey);
        await unenrolled.enrolHeading.waitFor();
        expect(await unenrolled.wizard.typeButton('VISITOR').count()).toBe(0);
        await expectNoAxeViolations(page, 'the enrol-this-kiosk screen');

        // An administrator enrols it: a name, then the code and the QR code of its link.
        const adminPage = await adminContext.newPage();
        await (await LoginPage.open(adminPage)).signInAs(demoUsers.master);
        const dialog = await (await BuildingsPage.open(adminPage)).openBuilding(lobby.name);
        await dialog.openTab('devices');
        const enrolment = await dialog.enrolKiosk('North door');
        expect(enrolment.link).toBe(`${session.baseUrl}/enrolKiosk/${enrolment.code}`);
        await expectNoAxeViolations(adminPage, 'the enrolment code and its QR code');
        await dialog.closeEnrolment();

        // The tablet opens the QR code's link: it is the building's kiosk.
        await page.goto(enrolment.link);
        await waitForPath(page, `/checkinKiosk/${lobby.qrCodeKey}`);
        const kiosk = new KioskPage(page, lobby.qrCodeKey);
        await kiosk.waitForWelcome();
        await page.waitForLoadState('networkidle');
        const row = dialog.kioskDeviceRow(await deviceIdOfPage(page));
        await dialog.button('buildings.kiosks.refreshLabel').click();
        await expect
          .poll(() => row.getByTestId('kiosk-device-status').innerText(), poll)
          .toBe(text('en', 'buildings.kiosks.statusEnrolled'));
        expect(await row.getByTestId('kiosk-device-name').innerText()).toBe('North door');

        // Offline, Ann checks in; then the administrator revokes the kiosk; then Ben checks in.
        await tablet.setOffline(true);
        await expect.poll(() => kiosk.statusLine.innerText(), poll).toContain(kiosk.statusText(false));
        const [ann, ben] = [newPerson('Ann'), newPerson('Ben')];
        await checkInAtKiosk(kiosk, ann, {}, lobby);
        await kiosk.visitCode.waitFor();
        await kiosk.done();
        await dialog.revokeKiosk('North door');
        await expect
          .poll(() => row.getByTestId('kiosk-device-status').innerText(), poll)
          .toBe(text('en', 'buildings.kiosks.statusRevoked'));
        await checkInAtKiosk(kiosk, ben, {}, lobby);
        await kiosk.visitCode.waitFor();
        await kiosk.done();
        expect((await kiosk.pending.innerText()).trim()).toBe(`· ${kiosk.pendingText(2)}`);

        // Back online: whatever the tablet's clock says, nothing a revoked kiosk delivers now is
        // applied by itself: both check-ins are held, and the tablet says it was withdrawn.
        await tablet.setOffline(false);
        await kiosk.revokedHeading.waitFor({ timeout: 30_000 });
        await expectNoAxeViolations(page, 'the withdrawn kiosk screen');
        await kiosk.openStaff(STAFF_PIN);
        await kiosk.staffRevokedNotice.waitFor();
        await expect.poll(() => kiosk.staffRejected.count(), poll).toBe(2);
        for (const entry of await kiosk.staffRejected.all()) {
          expect(await entry.innerText()).toContain(text('en', 'errors.KIOSK_ENTRY_HELD'));
        }
        await expect.poll(() => kiosk.staffFact('pending').innerText(), poll).toBe('0');
        expect(await visitsOf(ann, lobby)).toEqual([]);
        expect(await visitsOf(ben, lobby)).toEqual([]);

        // The administrator sees both on the device's tab, applies Ann's and discards Ben's.
        await dialog.button('buildings.kiosks.refreshLabel').click();
        await expect.poll(() => dialog.heldEntries.count(), poll).toBe(2);
        await dialog.decideHeldEntry('apply', `${ann.firstName} ${ann.lastName}`);
        await dialog.decideHeldEntry('discard', `${ben.firstName} ${ben.lastName}`);
        await expect.poll(() => dialog.heldEntries.count(), poll).toBe(0);
        await expect.poll(async () => (await visitsOf(ann, lobby)).length, poll).toBe(1);
        expect(await visitsOf(ben, lobby)).toEqual([]);
      } finally {
        await adminContext.close();
        await tablet.close();
      }
    },
  );
});

describe('a new build of the kiosk', () => {
  // Two builds of the kiosk with their own versions, served by a server of this test's own.
  const FIRST = '9.0.0-e2e.1';
  const SECOND = '9.0.0-e2e.2';
  let releases: KioskReleases | undefined;
  beforeAll(async () => {
    releases = await startKioskReleases(FIRST, SECOND);
  }, 120_000);
  afterAll(async () => {
    await releases?.stop();
  });

  test(
    'served mid-wizard, it is not activated until the kiosk is idle, and no input is lost',
    { timeout: ACTIVATION_TIMEOUT_MS + 120_000 },
    async () => {
      if (!releases) throw new Error('The kiosk builds are not served');
      const lobby = await createCheckInBuilding(releases.baseUrl);
      const api = await signedIn(releases.baseUrl, demoUsers.master.username);
      const tablet = await anotherContext(TABLET, releases.baseUrl);
      try {
        const page = await tablet.newPage();
        const messages: string[] = [];
        page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
        const kiosk = await KioskPage.enrol(page, await enrolmentCode(releases.baseUrl, lobby.id), lobby.qrCodeKey);
        // The kiosk's service worker installs and takes control of the page that installed it
        // (no reload needed), so the next build will wait for it.
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
        await kiosk.openStaff(STAFF_PIN);
        expect(await kiosk.staffFact('app-version').innerText()).toBe(FIRST);
        await kiosk.closeStaff();

        let loads = 0;
        page.on('load', () => loads++);
        const person = newPerson('Uma');
        const screen = kiosk.wizard;
        await fillVisitorForm(screen, person);

        // The new build is published; the kiosk looks for it when the network comes back (an
        // 'online' event) and every 15 minutes. The scenario sends the event instead of cutting
        // the network: Playwright applies its offline emulation inside the service workers too,
        // and the worker's activation is what this scenario is about (the cut network has
        // scenarios of its own above).
        await releases.publishSecond();
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        await expect
          .poll(
            () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null),
            poll,
          )
          .toBe(true);

        // Mid-wizard nothing moves: the page is not reloaded and what the visitor typed stays.
        expect(await screen.formField('firstName').inputValue()).toBe(person.firstName);
        expect(await screen.formField('lastName').inputValue()).toBe(person.lastName);
        await finishWizardAfterForm(screen, {}, lobby);
        const code = (await kiosk.visitCode.innerText()).trim();
        expect(loads).toBe(0);
        expect(
          await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null),
        ).toBe(true);

        // Done: the kiosk is idle on its welcome screen, and the new build takes over. Usually
        // within a second; Chromium may hold the activation while the old worker still has work
        // in flight, for at most five minutes (e2e/README.md), and the kiosk keeps asking.
        const reloaded = page.waitForEvent('load', { timeout: ACTIVATION_TIMEOUT_MS });
        await kiosk.wizard.doneButton.click();
        await reloaded.catch(async (error: unknown) => {
          const states = await workerStates(page);
          throw new Error(`The kiosk did not reload into the new build: ${states}\n${messages.join('\n')}`, {
            cause: error,
          });
        });
        await kiosk.waitForWelcome();
        await kiosk.openStaff(STAFF_PIN);
        expect(await kiosk.staffFact('app-version').innerText()).toBe(SECOND);
        // The check-in made across the update reached the server with what was typed.
        await expect
          .poll(async () => (await visitsOf(person, lobby, api)).map((visit) => visit.identifier), poll)
          .toEqual([code]);
        await expect.poll(() => kiosk.staffFact('pending').innerText(), poll).toBe('0');
      } finally {
        await tablet.close();
      }
    },
  );
});
