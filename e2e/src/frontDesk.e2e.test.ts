// The front desk's day end to end, with real parts: a server of this scenario's own (Demo
// data, the lifecycle jobs on, PUBLIC_URL its own address) sending to an SMTP server the scenario
// holds. A front-desk user invites a visitor from the entry log; the invitation arrives with a QR
// code that decodes to the visit's check-in link, an .ics that an iCalendar parser reads at the
// right time, and a cancel link that opens the cancel page (a second invitation is cancelled through
// its own link, and the entry log shows it cancelled). The visitor holds the e-mail's QR code up to
// an enrolled kiosk's camera and checks in; the entry log open in another browser shows them in
// without a reload, its counters follow, and the host's notice arrives. Staff check them out from the
// list. The evacuation list matches the server's open visits of the building throughout (Demo HQ's
// living day included), and so does the kiosk's staff screen with the network cut, plus the walk-in
// it checked in offline.
import { type Locale, dayInZone, zonedInstant } from '@vestibule/shared';
import { chromiumArgs, chromiumPath } from '@vestibule/scripts';
import type { ApiClient } from '@vestibule/shared/api';
import ICAL from 'ical.js';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS } from './harness/browser.ts';
import { newPerson } from './harness/checkin-building.ts';
import { demoUsers } from './harness/demo-users.ts';
import { FakeCamera } from './harness/fake-camera.ts';
import { text } from './harness/i18n.ts';
import { Inbox, type InboxMail, attachmentOf } from './harness/inbox.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { decodeQrPng } from './harness/qr.ts';
import { type ScenarioServer, startScenarioServer } from './harness/scenario-server.ts';
import { signedIn } from './harness/service.ts';
import { EntryLogPage } from './pages/EntryLogPage.ts';
import { AdminEvacuationPage, KioskEvacuationView } from './pages/EvacuationPage.ts';
import { KioskPage } from './pages/KioskPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { PublicVisitPage } from './pages/PublicVisitPage.ts';

/** Invitations and host notices are claimed every 5 s, then sent at once. */
const MAIL_TIMEOUT_MS = 45_000;
const poll = { timeout: UI_TIMEOUT_MS };
const TABLET = { width: 1024, height: 768 };
const en: Locale = 'en';
const MINUTE = 60_000;

let inbox: Inbox;
const camera = new FakeCamera();
let server: ScenarioServer;
let browser: Browser;
let api: ApiClient;
let hq: { id: string; name: string; qrCodeKey: string; pin: string; timeZoneId: string };
let host: { id: string; name: string; lastName: string; email: string };

beforeAll(async () => {
  inbox = await Inbox.start();
  server = await startScenarioServer({ SMTP_URL: inbox.url });
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...camera.chromiumArgs] });
  api = await signedIn(server.baseUrl, demoUsers.user.username);
  const master = await signedIn(server.baseUrl, demoUsers.master.username);
  const { docs } = await master.call('GET /building', { query: { search: 'Demo HQ' } });
  const found = docs.find((building) => building.name === 'Demo HQ');
  if (!found) throw new Error('The demo data has no Demo HQ');
  const building = await master.call('GET /building/:id', { params: { id: found.id } });
  const evacuation = await api.call('GET /evacuation/:buildingId', { params: { buildingId: found.id } });
  hq = {
    id: building.id,
    name: building.name,
    qrCodeKey: building.qrCodeKey,
    pin: building.pinCode ?? '',
    timeZoneId: evacuation.building.timeZoneId,
  };
  // A host of the directory (what the invitation's host search offers) with an e-mail address, told
  // by e-mail, and a last name of their own, so the search finds them alone.
  const hosts = (await api.call('GET /meeting/building/:id/employee', { params: { id: hq.id }, query: { limit: 50 } }))
    .docs;
  const people = (
    await api.call('GET /people', { query: { buildingId: hq.id, visitorType: 'EMPLOYEE', active: 'true', limit: 200 } })
  ).docs;
  const chosen = people.find(
    (candidate) =>
      candidate.email !== null &&
      candidate.hostNotice === 'EMAIL' &&
      hosts.some((found) => found.personId === candidate.id) &&
      hosts.filter((other) => other.lastName === candidate.lastName).length === 1,
  );
  if (!chosen?.email) throw new Error('Demo HQ has no host with an e-mail address and a last name of their own');
  host = {
    id: chosen.id,
    name: `${chosen.firstName} ${chosen.lastName}`,
    lastName: chosen.lastName,
    email: chosen.email,
  };
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
  camera.remove();
});

/** A browser context on the scenario's server, on the building's clock (the lobby's and the front desk's). */
async function newContext(viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'en-US',
    timezoneId: hq.timeZoneId,
    colorScheme: 'light',
    viewport,
  });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

type Person = ReturnType<typeof newPerson>;
const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;
const sorted = (names: readonly string[]) => [...names].sort();

/** The date and time an instant shows on a zone's clock. */
function wallTime(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { date: dayInZone(instant, timeZone), time: `${get('hour')}:${get('minute')}` };
}

/**
 * Who is inside Demo HQ by the entry log's own filters (in, and overdue: both still inside), an
 * other path through the server than the evacuation list's; named as the evacuation list names them.
 */
async function insideByEntryLog(): Promise<string[]> {
  const names: string[] = [];
  for (const status of ['in', 'late'] as const) {
    const list = await api.call('GET /meeting', { query: { buildingId: hq.id, status, limit: 500 } });
    expect(list.totalDocs).toBeLessThan(500);
    for (const visit of list.docs)
      names.push(nameOf({ firstName: visit.firstName ?? '', lastName: visit.lastName ?? '' }).trim());
  }
  return sorted(names);
}

/** The entry log's visit of a visitor's e-mail address at Demo HQ. */
async function visitOf(email: string) {
  const list = await api.call('GET /meeting', { query: { buildingId: hq.id, search: email, limit: 10 } });
  expect(list.docs).toHaveLength(1);
  const [visit] = list.docs;
  if (!visit) throw new Error(`No visit of ${email}`);
  return api.call('GET /meeting/:id', { params: { id: visit.id } });
}

/** The invitation e-mail of a visitor, once it has arrived. */
function invitationTo(visitor: Person): Promise<InboxMail> {
  // The subject names the day and time, in the visitor's language: what is around the date is checked.
  const [before = '', after = ''] = text(en, 'mail.lifecycle.invitation.subject', {
    building: hq.name,
    date: '\u0000',
  }).split('\u0000');
  const matches = (subject: string) =>
    subject.length > before.length + after.length && subject.startsWith(before) && subject.endsWith(after);
  return inbox.waitFor(visitor.email, (mail) => matches(mail.subject ?? ''), MAIL_TIMEOUT_MS);
}

/** The path of a link in a message's text that starts with `${PUBLIC_URL}/{page}/`. */
function linkIn(mail: InboxMail, page: string): string {
  const escaped = `${server.baseUrl}/${page}/`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`${escaped}\\S+`).exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`No /${page}/ link in "${mail.subject ?? ''}":\n${mail.text ?? ''}`);
  return link;
}

/** A counter of the entry log once it shows a number. */
async function counter(log: EntryLogPage, name: Parameters<EntryLogPage['counterValue']>[0]): Promise<number> {
  await expect.poll(() => log.counterValue(name), poll).not.toBeNull();
  const value = await log.counterValue(name);
  if (value === null) throw new Error(`The ${name} counter went back to loading`);
  return value;
}

function isVisitsList(url: string): boolean {
  return new URL(url).pathname.startsWith('/service/sync/visits/');
}

describe('the front desk', () => {
  test(
    'a host invites a visitor, who checks in at the kiosk with the e-mailed QR code; staff check them out; the evacuation lists follow, offline too',
    { timeout: 240_000 },
    async () => {
      // --- The front desk (browser A): the entry log and, in a second tab, the evacuation list.
      const desk = await newContext();
      const deskPage = await desk.newPage();
      await (await LoginPage.open(deskPage)).signInAs(demoUsers.user);
      const log = new EntryLogPage(deskPage);
      await log.waitUntilShown();
      await counter(log, 'inBuilding');
      const evacuationPage = await desk.newPage();
      const evacuation = await AdminEvacuationPage.open(evacuationPage);
      const insideAtStart = await insideByEntryLog();
      // Demo HQ's living day has people inside; the list shows exactly them.
      expect(insideAtStart.length).toBeGreaterThan(0);
      await expect.poll(async () => sorted(await evacuation.names()), poll).toEqual(insideAtStart);
      let reloads = 0;
      deskPage.on('load', () => reloads++);
      evacuationPage.on('load', () => reloads++);

      // --- A new invitation, for half an hour from now on the building's clock, with a host of the directory.
      const visitor = newPerson('Ada');
      const start = new Date(Math.ceil((Date.now() + 30 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE);
      const schedule = wallTime(start, hq.timeZoneId);
      await log.fillInvitation({
        firstName: visitor.firstName,
        lastName: visitor.lastName,
        email: visitor.email,
        companyName: 'Analytical Engines',
        hostSearch: host.lastName,
        hostName: host.name,
        ...schedule,
      });
      await expectNoAxeViolations(deskPage, 'the new invitation dialog');
      await log.sendInvitation();
      await log.notice('actions.INVITE_SUCCESS', { name: nameOf(visitor) }).waitFor();
      await log.row(nameOf(visitor)).waitFor();
      const invited = await visitOf(visitor.email);
      expect(invited).toMatchObject({
        firstName: visitor.firstName,
        lastName: visitor.lastName,
        host: host.name,
        isInvitation: true,
        scheduledDuration: 'PT1H',
        checkedInAt: null,
      });
      const scheduledAt = zonedInstant(schedule.date, schedule.time, hq.timeZoneId);
      expect(invited.scheduledAt).toBe(scheduledAt.toISOString());
      const inBuildingBefore = await counter(log, 'inBuilding');
      const checkedOutBefore = await counter(log, 'checkedOutToday');

      // A second invitation, which the visitor will cancel through its link.
      const cancelling = newPerson('Charles');
      await api.call('POST /meeting', {
        body: {
          buildingId: hq.id,
          visitorType: 'VISITOR',
          firstName: cancelling.firstName,
          lastName: cancelling.lastName,
          email: cancelling.email,
          hostPersonId: host.id,
          scheduledAt: new Date(start.getTime() + 60 * MINUTE).toISOString(),
          scheduledDuration: 'PT1H',
        },
      });
      await log.row(nameOf(cancelling)).waitFor();

      // --- The invitation e-mail: the QR code, the calendar file, the links.
      const mail = await invitationTo(visitor);
      const links = {
        checkIn: `${server.baseUrl}/checkin/${hq.qrCodeKey}/${invited.publicIdentifier}`,
        cancel: `${server.baseUrl}/cancelVisit/${invited.publicIdentifier}`,
      };
      const qr = attachmentOf(mail, 'visit-qr.png');
      expect([qr.mimeType, qr.disposition, qr.contentId]).toEqual(['image/png', 'inline', '<qr>']);
      expect(mail.html).toContain('<img src="cid:qr"');
      expect(decodeQrPng(qr.bytes)).toBe(links.checkIn);
      const ics = attachmentOf(mail, 'visit.ics');
      expect(ics.mimeType).toBe('text/calendar');
      const calendar = new ICAL.Component(ICAL.parse(ics.bytes.toString('utf8')));
      const vevent = calendar.getFirstSubcomponent('vevent');
      if (!vevent) throw new Error('The .ics has no event');
      const event = new ICAL.Event(vevent);
      expect(event.startDate.toJSDate().toISOString()).toBe(scheduledAt.toISOString());
      expect(event.endDate.toJSDate().toISOString()).toBe(new Date(scheduledAt.getTime() + 60 * MINUTE).toISOString());
      expect(event.summary).toBe(text(en, 'mail.lifecycle.calendar.title', { building: hq.name }));
      expect(event.component.getFirstPropertyValue('url')).toBe(links.checkIn);
      expect(linkIn(mail, 'cancelVisit')).toBe(links.cancel);

      // The cancel link opens the visit's cancel page (the visitor keeps this visit).
      const phone = await newContext({ width: 390, height: 844 });
      const phonePage = await phone.newPage();
      const cancelPage = await PublicVisitPage.open(phonePage, new URL(links.cancel).pathname);
      await cancelPage.heading('publicVisit.cancelVisit.title').waitFor();
      await expect
        .poll(() => cancelPage.detail('publicVisit.visitPage.visitor').textContent(), poll)
        .toBe(nameOf(visitor));
      await cancelPage.button('publicVisit.cancelVisit.submit').waitFor();

      // The second visitor cancels theirs through their own e-mail's link; the entry log shows it.
      const cancelLink = linkIn(await invitationTo(cancelling), 'cancelVisit');
      const cancelOther = await PublicVisitPage.open(phonePage, new URL(cancelLink).pathname);
      await cancelOther.button('publicVisit.cancelVisit.submit').click();
      await cancelOther.dialog('publicVisit.cancelVisit.successTitle').waitFor();
      await expect.poll(() => log.status(nameOf(cancelling)), poll).toBe(log.statusText('CANCELLED'));
      expect((await visitOf(cancelling.email)).cancelledAt).not.toBeNull();
      expect((await visitOf(visitor.email)).cancelledAt).toBeNull();
      await phone.close();

      // --- The lobby (browser B): an enrolled kiosk of Demo HQ; the visitor holds up the e-mail's QR code.
      const lobby = await newContext(TABLET);
      const kioskPage = await lobby.newPage();
      const kiosk = await KioskPage.enrol(kioskPage, await enrolmentCode(server.baseUrl, hq.id), hq.qrCodeKey);
      await kioskPage.waitForLoadState('networkidle');
      // With the network cut later, the kiosk's code comes from the service worker's precache.
      await kioskPage.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 30_000,
      });
      camera.showPng(qr.bytes);
      await kiosk.openScanner();
      await kiosk.scanned();
      const wizard = kiosk.wizard;
      // The kiosk starts the wizard from the invitation: today's expected visits it holds, or the
      // server's answer for one made since its last refresh.
      await expect.poll(() => wizard.formField('firstName').inputValue(), poll).toBe(visitor.firstName);
      expect(await wizard.formField('lastName').inputValue()).toBe(visitor.lastName);
      // The invitation's host stands; the visitor may still choose another one, found among the
      // hosts the kiosk cached by the first letters of a name, and that one is told.
      await wizard.chooseHost(host.lastName.slice(0, 3), host.name);
      await wizard.button('next').click();
      await wizard.answer('Do you have a fever or a cough today?', 'NO');
      await wizard.answer('Have you travelled abroad in the last 14 days?', 'NO');
      await wizard.button('finish').click();
      await wizard.outcomeHeading('allowed').waitFor();
      await kiosk.done();
      camera.showBlank();

      // The front desk sees the visitor in, and the counters move, without a reload.
      await expect.poll(() => log.status(nameOf(visitor)), poll).toBe(log.statusText('IN'));
      await expect.poll(() => log.counterValue('inBuilding'), poll).toBe(inBuildingBefore + 1);
      await evacuation.row(nameOf(visitor)).waitFor();
      await expect.poll(async () => sorted(await evacuation.names()), poll).toEqual(await insideByEntryLog());
      expect(await evacuation.row(nameOf(visitor)).innerText()).toContain(host.name);

      // The host hears of the arrival.
      const notice = await inbox.waitFor(
        host.email,
        (received) =>
          received.subject ===
          text(en, 'mail.lifecycle.hostCheckedIn.subject', { visitor: nameOf(visitor), building: hq.name }),
        MAIL_TIMEOUT_MS,
      );
      expect(notice.text).toContain(nameOf(visitor));

      // --- Staff check the visitor out from the list.
      await log.checkOut(nameOf(visitor));
      await log.notice('actions.CHECK_OUT_SUCCESS', { name: nameOf(visitor) }).waitFor();
      await expect.poll(() => log.status(nameOf(visitor)), poll).toBe(log.statusText('OUT'));
      await expect.poll(() => log.counterValue('inBuilding'), poll).toBe(inBuildingBefore);
      await expect.poll(() => log.counterValue('checkedOutToday'), poll).toBe(checkedOutBefore + 1);
      await evacuation.row(nameOf(visitor)).waitFor({ state: 'detached' });
      const insideAfter = await insideByEntryLog();
      expect(insideAfter).not.toContain(nameOf(visitor));
      expect(sorted(await evacuation.names())).toEqual(insideAfter);
      expect(reloads).toBe(0);
      await expectNoAxeViolations(deskPage, 'the entry log');

      // --- The kiosk's staff screen with the network cut: the list it last received, and its own walk-in.
      const listed = kioskPage.waitForResponse((response) => isVisitsList(response.url()) && response.status() === 200);
      await kiosk.reload();
      await listed;
      const insideWhenCut = await insideByEntryLog();
      await lobby.setOffline(true);
      await expect.poll(() => kiosk.statusLine.innerText(), poll).toContain(kiosk.statusText(false));
      const walkIn = newPerson('Grace');
      await wizard.chooseType('VISITOR');
      await wizard.chooseHost(host.lastName.slice(0, 3), host.name);
      await wizard.fillForm({ firstName: walkIn.firstName, lastName: walkIn.lastName });
      await wizard.button('next').click();
      await wizard.answer('Do you have a fever or a cough today?', 'NO');
      await wizard.answer('Have you travelled abroad in the last 14 days?', 'NO');
      await wizard.button('finish').click();
      await wizard.outcomeHeading('allowed').waitFor();
      await kiosk.done();
      await kiosk.openStaff(hq.pin);
      const kioskList = new KioskEvacuationView(kioskPage);
      await kioskList.open();
      await kioskList.offlineNotice.waitFor();
      const expected = sorted([...insideWhenCut, nameOf(walkIn)]);
      await expect.poll(async () => sorted(await kioskList.names()), poll).toEqual(expected);
      expect(await kioskList.names()).not.toContain(nameOf(visitor));
      expect(await kioskList.total.innerText()).toBe(
        kioskList.label('inside_other', { count: String(expected.length) }),
      );

      // Back online, the walk-in reaches the server and the front desk's evacuation list, live.
      await lobby.setOffline(false);
      await evacuation.row(nameOf(walkIn)).waitFor();
      await expect.poll(() => insideByEntryLog(), { timeout: 30_000 }).toEqual(expected);
      await expect.poll(async () => sorted(await evacuation.names()), poll).toEqual(expected);
      expect(reloads).toBe(0);

      await lobby.close();
      await desk.close();
    },
  );
});
