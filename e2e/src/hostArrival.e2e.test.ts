// The host is found and told, at the lobby's kiosk, with real parts: a server of this scenario's
// own (Demo data, the lifecycle jobs on) sending to an SMTP server the scenario holds, and an
// enrolled tablet (1024×768, touch). A walk-in types three letters of their host's name, chooses
// them in the list the kiosk searched (its cached hosts: name and department), and checks in; the
// host's arrival notice reaches the SMTP server with who came, their company and type, where they
// wait and the time on the building's clock. Then the same with the network cut: the check-in
// waits in the kiosk's outbox, still linked to its host, and the e-mail arrives once it syncs.
// The company's webhook receiver, on loopback, gets the check-in signed (docs/webhooks.md).
import {
  type Locale,
  WEBHOOK_EVENT_HEADER,
  type WebhookPayload,
  dayInZone,
  newBuildingSettings,
} from '@vestibule/shared';
import { chromiumArgs, chromiumPath } from '@vestibule/scripts';
import type { ApiClient } from '@vestibule/shared/api';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS } from './harness/browser.ts';
import { demoHosts, demoUsers } from './harness/demo-users.ts';
import { text } from './harness/i18n.ts';
import { Inbox, type InboxMail } from './harness/inbox.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { type ScenarioServer, startScenarioServer } from './harness/scenario-server.ts';
import { signedIn } from './harness/service.ts';
import { WebhookReceiver, isSignedWith } from './harness/webhookReceiver.ts';
import { KioskPage } from './pages/KioskPage.ts';
import { LoginPage } from './pages/LoginPage.ts';

/** Host notices are claimed every 5 s, then sent at once; a kiosk pushes within seconds of coming back. */
const MAIL_TIMEOUT_MS = 60_000;
const poll = { timeout: UI_TIMEOUT_MS };
const TABLET = { width: 1024, height: 768 };
const en: Locale = 'en';
/** Where Demo HQ's host notices say a visitor waits (the seed's text: server src/db/seed/demo.ts). */
const WAIT_TEXT = 'in the lobby, by the front desk on the ground floor';

let inbox: Inbox;
let receiver: WebhookReceiver;
let server: ScenarioServer;
let browser: Browser;
let api: ApiClient;
let hq: { id: string; name: string; qrCodeKey: string; timeZoneId: string };
let lobby: BrowserContext;
let tablet: Page;
let kiosk: KioskPage;

beforeAll(async () => {
  inbox = await Inbox.start();
  receiver = await WebhookReceiver.start();
  server = await startScenarioServer({ SMTP_URL: inbox.url, WEBHOOK_ALLOW_LOOPBACK: '1' });
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  api = await signedIn(server.baseUrl, demoUsers.user.username);
  const master = await signedIn(server.baseUrl, demoUsers.master.username);
  const found = (await master.call('GET /building', { query: { search: 'Demo HQ' } })).docs.find(
    (building) => building.name === 'Demo HQ',
  );
  if (!found) throw new Error('The demo data has no Demo HQ');
  const evacuation = await api.call('GET /evacuation/:buildingId', { params: { buildingId: found.id } });
  hq = { id: found.id, name: found.name, qrCodeKey: found.qrCodeKey, timeZoneId: evacuation.building.timeZoneId };
  // The outcome screen stays a minute (the building's longest): a kiosk whose configuration does
  // not hold the new watchlist entry yet learns that it held a visitor from its push's answer,
  // which a loaded machine may give after the default 15 s.
  const building = await master.call('GET /building/:id', { params: { id: found.id } });
  const settings = Object.fromEntries(
    Object.keys(newBuildingSettings()).map((key) => [key, building[key as keyof typeof building]]),
  );
  await master.call('PATCH /building/:id/settings', {
    params: { id: found.id },
    body: { ...(settings as ReturnType<typeof newBuildingSettings>), kioskOutcomeSeconds: 60 },
  });

  // The lobby's tablet, on the building's clock, touch; enrolled, its code cached by the service worker.
  lobby = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'en-US',
    timezoneId: hq.timeZoneId,
    colorScheme: 'light',
    viewport: TABLET,
    hasTouch: true,
  });
  lobby.setDefaultTimeout(UI_TIMEOUT_MS);
  lobby.setDefaultNavigationTimeout(30_000);
  tablet = await lobby.newPage();
  kiosk = await KioskPage.enrol(tablet, await enrolmentCode(server.baseUrl, hq.id), hq.qrCodeKey);
  await tablet.waitForLoadState('networkidle');
  await tablet.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
  await receiver?.close();
});

let people = 0;
/** A walk-in of their own (a unique last name), from a company. */
function walkIn(label: string) {
  people += 1;
  return { firstName: label, lastName: `Arrival${Date.now().toString(36)}x${people}`, company: 'Analytical Engines' };
}
const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/** The time an instant shows on the building's clock, as the e-mail writes it. */
function buildingTime(instant: Date): string {
  // Demo HQ's time format (HH:mm), then its zone's short name, as the e-mails write a moment.
  const parts = new Intl.DateTimeFormat('en', {
    timeZone: hq.timeZoneId,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value;
  return `${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

/** The walk-in's visit as the entry log has it (once the server knows it). */
async function visitOf(person: { lastName: string }) {
  const list = await api.call('GET /meeting', { query: { buildingId: hq.id, search: person.lastName, limit: 10 } });
  const [visit] = list.docs;
  if (!visit || list.docs.length !== 1) throw new Error(`No single visit of ${person.lastName}`);
  return api.call('GET /meeting/:id', { params: { id: visit.id } });
}

/** Demo HQ's person of the directory, by name. */
async function directoryPerson(name: string) {
  const [first = '', last = ''] = name.split(' ');
  const { docs } = await api.call('GET /people', { query: { buildingId: hq.id, search: last, limit: 10 } });
  const person = docs.find((candidate) => candidate.firstName === first && candidate.lastName === last);
  if (!person) throw new Error(`${name} is not in Demo HQ's directory`);
  return person;
}

/** The arrival notice of a visitor, once it reached the host's inbox. */
function noticeOf(host: { email: string }, person: { firstName: string; lastName: string }): Promise<InboxMail> {
  const subject = text(en, 'mail.lifecycle.hostCheckedIn.subject', { visitor: nameOf(person), building: hq.name });
  return inbox.waitFor(host.email, (mail) => mail.subject === subject, MAIL_TIMEOUT_MS);
}

/**
 * The walk-in's wizard: their host chosen by three letters, their names and company, the health
 * check, up to Finish; the outcome is the caller's to wait for.
 */
async function fillAtKiosk(person: ReturnType<typeof walkIn>, host: (typeof demoHosts)[keyof typeof demoHosts]) {
  const wizard = kiosk.wizard;
  await wizard.chooseType('VISITOR');
  await wizard.hostField.pressSequentially(host.typed);
  const option = wizard.hostOptions.getByRole('option', { name: new RegExp(`^${host.name}`) });
  await option.waitFor();
  // The option says who: the name and the department, nothing else.
  expect((await option.innerText()).split('\n')).toEqual([host.name, host.department]);
  await option.tap();
  await expect.poll(() => wizard.hostField.inputValue(), poll).toBe(host.name);
  await wizard.fillForm({ firstName: person.firstName, lastName: person.lastName, companyName: person.company });
  await wizard.button('next').click();
  await wizard.answer('Do you have a fever or a cough today?', 'NO');
  await wizard.answer('Have you travelled abroad in the last 14 days?', 'NO');
  await wizard.button('finish').click();
}

/** The same, let in. */
async function checkInAtKiosk(person: ReturnType<typeof walkIn>, host: (typeof demoHosts)[keyof typeof demoHosts]) {
  await fillAtKiosk(person, host);
  await kiosk.wizard.outcomeHeading('allowed').waitFor();
}

/** What the notice must say: who, their company and type, where they wait, when on the building's clock. */
function expectNoticeSays(mail: InboxMail, person: ReturnType<typeof walkIn>, checkedInAt: Date) {
  const t = (key: string, params: Record<string, string> = {}) =>
    text(en, `mail.lifecycle.hostCheckedIn.${key}`, { building: hq.name, visitor: nameOf(person), ...params });
  expect(mail.text).toContain(`${nameOf(person)} checked in at ${hq.name} at ${buildingTime(checkedInAt)}`);
  expect(mail.text).toContain(t('company', { company: person.company }));
  expect(mail.text).toContain(t('type', { type: t('types.VISITOR') }));
  expect(mail.text).toContain(t('wait', { place: WAIT_TEXT }));
}

describe('the host is found and told', () => {
  test(
    "a walk-in at the kiosk finds their host by three letters, checks in, and the host's e-mail arrives",
    { timeout: 180_000 },
    async () => {
      const visitor = walkIn('Ada');
      const host = demoHosts.priya;
      const wizard = kiosk.wizard;
      await wizard.chooseType('VISITOR');
      await wizard.hostField.pressSequentially(host.typed);
      await wizard.hostOptions.getByRole('option').first().waitFor();
      // The list at the tablet's size: each option a touch target of at least 48 px.
      const heights = await wizard.hostOptions
        .getByRole('option')
        .evaluateAll((options) => options.map((option) => option.getBoundingClientRect().height));
      expect(heights.length).toBeGreaterThan(0);
      for (const height of heights) expect(height).toBeGreaterThanOrEqual(48);
      await expectNoAxeViolations(tablet, "the kiosk's host field with its list open");
      await wizard.button('cancel').click();

      await checkInAtKiosk(visitor, host);
      await kiosk.done();
      const mail = await noticeOf(host, visitor);
      const visit = await visitOf(visitor);
      expect(visit).toMatchObject({
        host: host.name,
        hostPersonId: (await directoryPerson(host.name)).id,
        hostUserId: null,
        source: 'KIOSK',
      });
      if (!visit.checkedInAt) throw new Error('The visit is not checked in');
      expectNoticeSays(mail, visitor, new Date(visit.checkedInAt));
      expect(dayInZone(new Date(visit.checkedInAt), hq.timeZoneId)).toBe(dayInZone(new Date(), hq.timeZoneId));
    },
  );

  test(
    "the same with the network cut: the check-in waits on the kiosk with its host, and the host's e-mail arrives after the sync",
    { timeout: 180_000 },
    async () => {
      const visitor = walkIn('Grace');
      const host = demoHosts.elena;
      await lobby.setOffline(true);
      await expect.poll(() => kiosk.statusLine.innerText(), poll).toContain(kiosk.statusText(false));
      // Offline, the host is found among the hosts the kiosk cached.
      await checkInAtKiosk(visitor, host);
      const checkedInAt = new Date();
      await kiosk.done();
      await expect.poll(() => kiosk.pending.innerText(), poll).toContain(kiosk.pendingText(1));
      // The server knows nothing yet, so nobody was told.
      const subject = text(en, 'mail.lifecycle.hostCheckedIn.subject', { visitor: nameOf(visitor), building: hq.name });
      expect(inbox.mailsTo(host.email).filter((mail) => mail.subject === subject)).toEqual([]);

      await lobby.setOffline(false);
      const mail = await noticeOf(host, visitor);
      const visit = await visitOf(visitor);
      expect(visit).toMatchObject({
        host: host.name,
        hostPersonId: (await directoryPerson(host.name)).id,
        source: 'KIOSK',
      });
      if (!visit.checkedInAt) throw new Error('The visit is not checked in');
      // The check-in's time is the kiosk's, while it was offline.
      expect(Math.abs(new Date(visit.checkedInAt).getTime() - checkedInAt.getTime())).toBeLessThan(60_000);
      expectNoticeSays(mail, visitor, new Date(visit.checkedInAt));
    },
  );

  test(
    'a visitor the watchlist holds waits at the kiosk; the host is told only once the desk lets them in',
    { timeout: 240_000 },
    async () => {
      const held = walkIn('Hedda');
      const host = demoHosts.priya;
      const master = await signedIn(server.baseUrl, demoUsers.master.username);
      await master.call('POST /watchlist', {
        body: { kind: 'NAME', value: `${held.lastName} ${held.firstName}`, action: 'HOLD', reason: 'Escort on site' },
      });

      // The kiosk says to wait, no code: from its hashed copy of the list once its configuration
      // has it, else from its push's answer. The server holds the visit either way.
      await fillAtKiosk(held, host);
      await expect.poll(async () => (await visitOf(held)).held, { timeout: MAIL_TIMEOUT_MS }).toBe(true);
      const waiting = kiosk.wizard.outcomeHeading('held');
      await waiting.waitFor();
      expect(await waiting.innerText()).toContain(text(en, 'publicVisit.watchlist.heldTitle'));
      expect(await kiosk.wizard.outcome('held').innerText()).toContain(text(en, 'publicVisit.watchlist.held'));
      await kiosk.done();

      // Someone let in after them is announced to the same host: the notices ran since, and the
      // held visitor's was not among them.
      const after = walkIn('Otto');
      await checkInAtKiosk(after, host);
      await kiosk.done();
      await noticeOf(host, after);
      const heldSubject = text(en, 'mail.lifecycle.hostCheckedIn.subject', {
        visitor: nameOf(held),
        building: hq.name,
      });
      expect(inbox.mailsTo(host.email).filter((mail) => mail.subject === heldSubject)).toEqual([]);

      // The desk sees them held at the door and lets them in; only now is the host told.
      const desk = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 } });
      desk.setDefaultTimeout(UI_TIMEOUT_MS);
      const deskPage = await desk.newPage();
      await (await LoginPage.open(deskPage)).signInAs(demoUsers.user);
      const visit = await visitOf(held);
      expect([visit.held, visit.checkedInAt]).toEqual([true, null]);
      const row = deskPage.getByTestId(`visit-row-${visit.id}`);
      await row.getByText(text(en, 'entryLog.status.held')).waitFor();
      await row
        .getByRole('button', { name: text(en, 'entryLog.rowActions.approveHeldOf', { name: nameOf(held) }) })
        .click();
      const dialog = deskPage.getByRole('dialog', { name: text(en, 'entryLog.confirm.approveHeldTitle') });
      await dialog.getByRole('button', { name: text(en, 'entryLog.confirm.approveHeldConfirm') }).click();
      await row.getByText(text(en, 'entryLog.status.IN')).waitFor();
      const mail = await noticeOf(host, held);
      const approved = await visitOf(held);
      if (!approved.checkedInAt) throw new Error('The held visitor is not checked in after approval');
      expect(approved.held).toBe(false);
      expectNoticeSays(mail, held, new Date(approved.checkedInAt));
      await desk.close();
    },
  );

  test(
    "the company's webhook receiver gets the kiosk's check-in, signed with the endpoint's secret",
    { timeout: 180_000 },
    async () => {
      const master = await signedIn(server.baseUrl, demoUsers.master.username);
      const { endpoint, secret } = await master.call('POST /webhooks', {
        body: { url: receiver.url, events: ['visit.checked_in'], description: 'Access control' },
      });
      try {
        const person = walkIn('Wilma');
        await checkInAtKiosk(person, demoHosts.priya);
        await kiosk.done();
        // The kiosk pushes at once; the webhook sender runs every 5 s.
        const delivery = await receiver.waitFor(
          (candidate) => (JSON.parse(candidate.body) as WebhookPayload).data.lastName === person.lastName,
          MAIL_TIMEOUT_MS,
        );
        expect(isSignedWith(delivery, secret)).toBe(true);
        expect(isSignedWith(delivery, `${secret}x`)).toBe(false);
        expect(delivery.headers[WEBHOOK_EVENT_HEADER]).toBe('visit.checked_in');
        const payload = JSON.parse(delivery.body) as WebhookPayload;
        const visit = await visitOf(person);
        expect(payload).toMatchObject({ event: 'visit.checked_in' });
        expect(payload.data).toMatchObject({ id: visit.id, firstName: person.firstName, status: 'IN' });
      } finally {
        await master.call('DELETE /webhooks/:id', { params: { id: endpoint.id } });
      }
    },
  );
});
