// The evacuation list, end to end at Demo HQ (adding a building would spend Demo
// Corp's building licences). In the admin app it shows exactly who is inside (the entry log's
// "in" filter, another path through the server, is the oracle) with their phone numbers, follows
// check-ins and check-outs without a reload, runs a roll call kept on the server and prints on
// one page with whole column headings. Two wardens in two browsers see each other's marks as
// they are made. On an enrolled kiosk's staff screen it works with the network cut: a visitor
// checked in there offline appears, a person checked out there offline goes, and the roll call's
// marks made offline reach the server when the network is back.
import type { ApiClient } from '@vestibule/shared/api';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { printedPages } from './harness/pdf.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { newPerson } from './harness/checkin-building.ts';
import { demoHosts, demoUsers } from './harness/demo-users.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { serviceClient, signedIn } from './harness/service.ts';
import { AdminEvacuationPage, KioskEvacuationView } from './pages/EvacuationPage.ts';
import { KioskPage } from './pages/KioskPage.ts';
import { LoginPage } from './pages/LoginPage.ts';

const session = useBrowser();
const poll = { timeout: UI_TIMEOUT_MS };
const TABLET = { width: 1024, height: 768 };
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A4 less the print stylesheet's 10 mm margins, in CSS pixels: the width the PDF is laid out in. */
const A4_CONTENT = { width: 718, height: 1047 };

let api: ApiClient;
let demoHq: { id: string; qrCodeKey: string; pin: string };

beforeAll(async () => {
  api = await signedIn(session.baseUrl, demoUsers.master.username);
  const { docs } = await api.call('GET /building', { query: { search: 'Demo HQ' } });
  const found = docs.find((building) => building.name === 'Demo HQ');
  if (!found) throw new Error('The demo data has no Demo HQ');
  const building = await api.call('GET /building/:id', { params: { id: found.id } });
  demoHq = { id: building.id, qrCodeKey: building.qrCodeKey, pin: building.pinCode ?? '' };
});

type Person = ReturnType<typeof newPerson>;
const nameOf = (person: Person) => `${person.firstName} ${person.lastName}`;

/** An employee of Demo HQ's directory who checks in with their pass (no questionnaire for employees there). */
async function employeeInside(label: string, phone?: string): Promise<{ person: Person; publicIdentifier: string }> {
  const person = newPerson(label);
  const created = await api.call('POST /person', {
    body: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      visitorType: 'EMPLOYEE',
      defaultDuration: 480,
      buildingId: demoHq.id,
      ...(phone ? { phone } : {}),
    },
  });
  const pass = await api.call('GET /person/:id/pass', { params: { id: created.id } });
  const outcome = await serviceClient(session.baseUrl).call('POST /checkin', {
    body: {
      qrCodeKey: demoHq.qrCodeKey,
      visitorType: 'EMPLOYEE',
      personId: created.id,
      passIdentifier: pass.identifier,
      checkInForm: {},
    },
  });
  if (!outcome.allowed || !outcome.publicIdentifier) throw new Error(`Check-in refused: ${JSON.stringify(outcome)}`);
  return { person, publicIdentifier: outcome.publicIdentifier };
}

async function checkOut(publicIdentifier: string): Promise<void> {
  await serviceClient(session.baseUrl).call('PATCH /checkoutable/:publicIdentifier', {
    params: { publicIdentifier },
    body: {},
  });
}

/**
 * Who is inside Demo HQ by the entry log's filters (on site: "in", and "late" for those past their
 * planned end), named as the evacuation list names them.
 */
async function insideByEntryLog(): Promise<{ name: string; visitorType: string }[]> {
  const onSite = await Promise.all(
    (['in', 'late'] as const).map((status) =>
      api.call('GET /meeting', { query: { buildingId: demoHq.id, status, limit: 500 } }),
    ),
  );
  for (const list of onSite) expect(list.totalDocs).toBeLessThan(500);
  return onSite
    .flatMap((list) => list.docs)
    .map((visit) => ({
      name: [visit.firstName, visit.lastName]
        .map((part) => part?.trim() ?? '')
        .filter(Boolean)
        .join(' '),
      visitorType: visit.visitorType,
    }));
}

const namesOf = (people: readonly { name: string }[]) => people.map((person) => person.name);

/** How many people of each type, for the groups' captions ("Employees: 3"); empty groups are not shown. */
function countsByType(people: readonly { visitorType: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const person of people) counts.set(person.visitorType, (counts.get(person.visitorType) ?? 0) + 1);
  return counts;
}

const sorted = (names: readonly string[]) => [...names].sort();

/** Demo HQ's roll call as the server keeps it. */
async function serverRollCall() {
  const { rollCall } = await api.call('GET /evacuation/:buildingId/rollCall', { params: { buildingId: demoHq.id } });
  return rollCall;
}

/**
 * What the printed list cuts that it must not: column headings, and the cells of the numbers to
 * call (a cut name or company ends in an ellipsis; a number cut short is no number).
 */
async function cutOnPaper(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid^="evacuation-group-"] :is(th, td[data-phone])')
    .evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent ?? ''),
    );
}

describe('the evacuation list in the admin app', () => {
  test('shows exactly who is inside, follows check-ins and check-outs live, runs a roll call and prints on one page', async () => {
    const { page } = session;
    const staying = await employeeInside('Stella');

    // A space user (the most limited role that watches a door) opens it from the toolbar.
    const shell = await (await LoginPage.open(page)).signInAs(demoUsers.space);
    await shell.navEntry('evacuation').click();
    const screen = new AdminEvacuationPage(page);
    await screen.waitUntilShown();
    expect(await screen.buildingChoice.inputValue()).toBe('Demo HQ');
    await expect
      .poll(async () => sorted(await screen.names()), poll)
      .toEqual(sorted(namesOf(await insideByEntryLog())));
    expect(await screen.names()).toContain(nameOf(staying.person));
    const before = (await screen.names()).length;
    expect(await screen.total.innerText()).toBe(
      screen.label(before === 1 ? 'inside_one' : 'inside_other', { count: String(before) }),
    );
    await expectNoAxeViolations(page, 'the evacuation list');

    // Someone checks in and someone leaves elsewhere: the list follows without a reload.
    let loads = 0;
    page.on('load', () => loads++);
    // Arturo's directory record has his mobile number: the list shows it, to tap on a phone.
    const arrivingPhone = '+1 438 555 0199';
    const arriving = await employeeInside('Arturo', arrivingPhone);
    await screen.row(nameOf(arriving.person)).waitFor();
    await checkOut(staying.publicIdentifier);
    await screen.row(nameOf(staying.person)).waitFor({ state: 'detached' });
    expect(loads).toBe(0);
    const now = await insideByEntryLog();
    expect(sorted(await screen.names())).toEqual(sorted(namesOf(now)));
    const inside = now.length;
    // One table per person type present, captioned with its count.
    const counts = countsByType(now);
    for (const [visitorType, count] of counts)
      await screen.group(screen.label(`groups.${visitorType}`), count).waitFor();
    expect(await screen.main.getByRole('table').count()).toBe(counts.size);

    expect(await screen.row(nameOf(arriving.person)).innerText()).toContain(arrivingPhone);

    // The roll call: present and absent per person, who marked and when, how many are accounted for.
    await screen.startRollCall.click();
    await screen.runningHeading('ALARM').waitFor();
    await expect.poll(() => screen.rollCallCount.innerText(), poll).toContain(screen.accountedText(0, inside));
    await screen.markButton(nameOf(arriving.person), 'PRESENT').click();
    await expect.poll(() => screen.rollCallCount.innerText(), poll).toContain(screen.accountedText(1, inside));
    expect(await screen.row(nameOf(arriving.person)).getAttribute('data-mark')).toBe('PRESENT');
    await expect.poll(() => screen.markedBy(nameOf(arriving.person)).innerText(), poll).toMatch(/^Sky Space, \d/);
    await expectNoAxeViolations(page, 'the evacuation list during a roll call');
    // The marks are the server's: a reload finds them.
    await page.reload();
    await screen.waitUntilShown();
    await expect.poll(() => screen.rollCallCount.innerText(), poll).toContain(screen.accountedText(1, inside));
    expect(await screen.markButton(nameOf(arriving.person), 'PRESENT').getAttribute('aria-pressed')).toBe('true');

    // Printed: the list alone, on one page, for a crowd too (60 people inside).
    const crowd = Math.max(0, 60 - inside);
    for (let start = 0; start < crowd; start += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, crowd - start) }, (_, i) =>
          employeeInside(`Crowd${start + i}`, `+1 514 555 ${String(1000 + start + i)}`),
        ),
      );
    }
    await expect.poll(async () => (await screen.names()).length, poll).toBe(inside + crowd);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('toolbar').isVisible()).toBe(false);
    expect(await screen.printButton.isVisible()).toBe(false);
    expect(await screen.row(nameOf(arriving.person)).isVisible()).toBe(true);
    // On paper too (the layout of an A4 page's width within its margins): the phone numbers and
    // every column heading whole, the mark made.
    await page.setViewportSize(A4_CONTENT);
    expect(await screen.row(nameOf(arriving.person)).innerText()).toContain(arrivingPhone);
    expect(await screen.row(nameOf(arriving.person)).innerText()).toContain('✓');
    expect(await cutOnPaper(page)).toEqual([]);
    expect((await printedPages(page, { format: 'A4' })).count).toBe(1);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(DESK);

    await screen.endRollCall(true);
    await screen.rollCallCount.waitFor({ state: 'detached' });
    await screen.lastRollCall.waitFor();
    expect(await screen.markButton(nameOf(arriving.person), 'PRESENT').count()).toBe(0);
    await checkOut(arriving.publicIdentifier);
  });
});

describe("the evacuation list on a kiosk's staff screen", () => {
  test('with the network cut, a visitor checked in there appears, one checked out there goes, and the roll call marks people safe', async () => {
    const { page, context } = session;
    const leaving = await employeeInside('Leona');
    const remaining = await employeeInside('Remy');

    // The enrolled kiosk receives the building's list of who is in.
    await page.setViewportSize(TABLET);
    const listReceived = page.waitForResponse(
      (response) => new URL(response.url()).pathname.startsWith('/service/sync/visits/') && response.status() === 200,
    );
    const kiosk = await KioskPage.enrol(page, await enrolmentCode(session.baseUrl, demoHq.id), demoHq.qrCodeKey);
    await listReceived;
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const insideBefore = namesOf(await insideByEntryLog());
    expect(insideBefore).toEqual(expect.arrayContaining([nameOf(leaving.person), nameOf(remaining.person)]));

    await context.setOffline(true);
    await expect.poll(() => kiosk.statusLine.innerText(), poll).toContain(kiosk.statusText(false));

    // A visitor checks in at the kiosk, offline.
    const visitor = newPerson('Vera');
    const wizard = kiosk.wizard;
    await wizard.chooseType('VISITOR');
    // Demo HQ asks for a host of its directory: found among the hosts the kiosk cached, offline.
    await wizard.chooseHost(demoHosts.elena.typed, demoHosts.elena.name);
    await wizard.fillForm({ firstName: visitor.firstName, lastName: visitor.lastName });
    await wizard.button('next').click();
    await wizard.answer('Do you have a fever or a cough today?', 'NO');
    await wizard.answer('Have you travelled abroad in the last 14 days?', 'NO');
    await wizard.button('finish').click();
    await wizard.outcomeHeading('allowed').waitFor();
    await kiosk.done();

    // Leona leaves through the kiosk's self check-out, offline.
    const selfCheckOut = await kiosk.openCheckOut();
    await selfCheckOut.offlineNotice.waitFor();
    await selfCheckOut.lastName.fill(leaving.person.lastName);
    await selfCheckOut.searchButton.click();
    await selfCheckOut.resultsHeading.waitFor();
    await expect.poll(() => selfCheckOut.results.count(), poll).toBe(1);
    const exitForm = await selfCheckOut.choose(selfCheckOut.results.first());
    await exitForm.submitButton.click();
    await selfCheckOut.savedOffline.waitFor();
    await selfCheckOut.doneButton.click();
    await kiosk.waitForWelcome();
    expect((await kiosk.pending.innerText()).trim()).toBe(`· ${kiosk.pendingText(2)}`);

    // Staff open the evacuation list behind the building PIN, still offline.
    await kiosk.openStaff(demoHq.pin);
    const list = new KioskEvacuationView(page);
    await list.open();
    await list.offlineNotice.waitFor();
    const expected = [...insideBefore.filter((name) => name !== nameOf(leaving.person)), nameOf(visitor)];
    await expect.poll(async () => sorted(await list.names()), poll).toEqual(sorted(expected));
    expect(await list.total.innerText()).toBe(
      list.label(expected.length === 1 ? 'inside_one' : 'inside_other', { count: String(expected.length) }),
    );
    // The kiosk knows the host of the visitor who checked in on it.
    expect(await list.row(nameOf(visitor)).innerText()).toContain(demoHosts.elena.name);
    expect(await list.row(nameOf(visitor)).innerText()).not.toContain(list.label('noHost'));
    await expectNoAxeViolations(page, "the kiosk's evacuation list, offline");

    // The roll call, offline: each mark kept on the kiosk, waiting to be shared.
    await list.startRollCall.click();
    await expect.poll(() => list.rollCallCount.innerText(), poll).toContain(list.accountedText(0, expected.length));
    await list.markButton(nameOf(visitor), 'PRESENT').click();
    await list.markButton(nameOf(remaining.person), 'PRESENT').click();
    await expect.poll(() => list.rollCallCount.innerText(), poll).toContain(list.accountedText(2, expected.length));
    await expectNoAxeViolations(page, "the kiosk's roll call, offline");
    await list.endRollCall(expected.length > 2);
    await list.rollCallCount.waitFor({ state: 'detached' });

    // Back online, the server agrees with what the kiosk showed.
    await context.setOffline(false);
    await expect
      .poll(async () => sorted(namesOf(await insideByEntryLog())), { timeout: 30_000 })
      .toEqual(sorted(expected));
    // And keeps the roll call the kiosk ran, with its two marks.
    const endedBy = async () => {
      const rollCall = await serverRollCall();
      return rollCall?.endedBy ? rollCall.endedBy.kind : 'not ended';
    };
    await expect.poll(endedBy, { timeout: 30_000 }).toBe('kiosk');
    const kept = await serverRollCall();
    if (!kept) throw new Error('the server has no roll call');
    expect(kept.marks.map((mark) => `${mark.status} ${mark.markedBy.kind}`)).toEqual([
      'PRESENT kiosk',
      'PRESENT kiosk',
    ]);
    await checkOut(remaining.publicIdentifier);
  });
});

describe('two wardens', () => {
  test("see each other's roll-call marks as they are made, without a reload: one at a desk, one on a phone", async () => {
    const { page, context } = session;
    const ines = await employeeInside('Ines');
    const omar = await employeeInside('Omar');

    // The corporate user at a desk starts a drill at Demo HQ (they see every building).
    await page.setViewportSize(DESK);
    await (await LoginPage.open(page)).signInAs(demoUsers.master);
    const desk = await AdminEvacuationPage.open(page, 'en', demoHq.id);
    await desk.startDrill.click();
    await desk.runningHeading('DRILL').waitFor();

    // A space user on their phone, in a browser of their own, finds it running.
    const browser = context.browser();
    if (!browser) throw new Error('no browser');
    const phoneContext = await browser.newContext({
      baseURL: session.baseUrl,
      locale: 'en-US',
      colorScheme: 'light',
      viewport: DESK,
      hasTouch: true,
    });
    try {
      const phonePage = await phoneContext.newPage();
      await (await LoginPage.open(phonePage)).signInAs(demoUsers.space);
      await phonePage.setViewportSize(PHONE);
      const phone = await AdminEvacuationPage.open(phonePage, 'en', demoHq.id);
      await phone.runningHeading('DRILL').waitFor();
      let reloads = 0;
      for (const watched of [page, phonePage]) watched.on('load', () => reloads++);

      // The desk marks Ines present: the phone shows it, and who marked.
      await desk.markButton(nameOf(ines.person), 'PRESENT').click();
      await expect.poll(() => phone.row(nameOf(ines.person)).getAttribute('data-mark'), poll).toBe('PRESENT');
      expect(await phone.markedBy(nameOf(ines.person)).innerText()).toMatch(/^Morgan Master, \d/);
      // The phone marks Omar absent: the desk shows it.
      await phone.markButton(nameOf(omar.person), 'ABSENT').click();
      await expect.poll(() => desk.row(nameOf(omar.person)).getAttribute('data-mark'), poll).toBe('ABSENT');
      expect(await desk.markedBy(nameOf(omar.person)).innerText()).toMatch(/^Sky Space, \d/);
      // Found after all: the later mark counts, on both screens.
      await desk.markButton(nameOf(omar.person), 'PRESENT').click();
      await expect.poll(() => phone.row(nameOf(omar.person)).getAttribute('data-mark'), poll).toBe('PRESENT');
      await expectNoAxeViolations(phonePage, 'the roll call on a phone');

      // The desk ends it: the phone's roll call ends too.
      const rest = (await desk.names()).length - 2;
      await desk.endRollCall(rest > 0);
      await phone.lastRollCall.waitFor();
      expect(await phone.rollCallCount.count()).toBe(0);
      expect(reloads).toBe(0);
    } finally {
      await phoneContext.close();
    }
    await checkOut(ines.publicIdentifier);
    await checkOut(omar.publicIdentifier);
  });
});
