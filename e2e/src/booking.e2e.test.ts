// Booking a room from the map, as people do it (docs/space-booking.md): a user books a weekly
// meeting in the executive suite, whose bookings wait for an approver, with a guest; the approver
// gets an e-mail at the run's SMTP server and approves from its link; the guest's invitation
// carries a calendar file with one event per week; the user's bookings show it approved, and the
// calendar shows it in its week, where a drag books another room and a click changes it. A guest
// invited at the front desk checks in at the kiosk with the code of their entry invitation, which
// confirms the booking. On a phone, the map and the booking dialog work with the fingers' list of
// spaces. Only what a browser shows is here (the rules are proven by the server's tests); axe on
// each screen.
import { dayInZone, newBuildingSettings } from '@vestibule/shared';
import ICAL from 'ical.js';
import PostalMime from 'postal-mime';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { codesOfInvitation } from './harness/invitationMail.ts';
import { enrolmentCode } from './harness/kiosk-enrolment.ts';
import { mailsTo } from './harness/mailbox.ts';
import { waitForPath } from './harness/navigation.ts';
import { signedIn } from './harness/service.ts';
import { KioskPage } from './pages/KioskPage.ts';
import { LoginPage } from './pages/LoginPage.ts';

const session = useBrowser();
const poll = { timeout: 60_000 };
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
/** Screenshots for review, not committed (E2E_SHOTS=folder to take them). */
const SHOTS = process.env.E2E_SHOTS;
const unique = Date.now().toString(36);
const title = `Quarterly planning ${unique}`;
const guest = `guest-${unique}@visitor.example`;

/** A Tuesday at least a week ahead (the demo week's bookings are before it), as yyyy-MM-dd. */
function tuesdayAhead(weeks: number): string {
  const day = new Date(Date.now() + 8 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((9 - day.getUTCDay()) % 7) + (weeks - 1) * 7);
  return day.toISOString().slice(0, 10);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The map at a floor, a day and an hour. */
async function openMap(page: Page, day: string, from: string, to: string) {
  await page.goto('/spacebooking/map');
  await page.getByRole('heading', { level: 1, name: text('en', 'pages.spaceMap.title') }).waitFor();
  await page.getByRole('textbox', { name: text('en', 'booking.map.floor') }).click();
  await page.getByRole('option', { name: 'Demo HQ · First floor' }).click();
  await page.getByLabel(text('en', 'booking.map.day'), { exact: true }).fill(day);
  await page.getByLabel(text('en', 'booking.map.from'), { exact: true }).fill(from);
  await page.getByLabel(text('en', 'booking.map.to'), { exact: true }).fill(to);
}

describe('booking a weekly meeting that needs approval', () => {
  test('from the map, approved from the e-mail link, the guest invited with a calendar file', async () => {
    const { page } = session;
    await page.setViewportSize(DESK);
    await (await LoginPage.open(page)).signInAs(demoUsers.user);
    const first = tuesdayAhead(1);
    await openMap(page, first, '10:00', '11:00');
    const plan = page.getByRole('group', { name: /^Plan of First floor/ });
    await plan.getByRole('button', { name: 'Executive suite, free, needs approval' }).waitFor();
    await expectNoAxeViolations(page, 'the booking map');
    await shot(page, 'map-desk-en');

    await plan.getByRole('button', { name: 'Executive suite, free, needs approval' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Executive suite' });
    await dialog.getByRole('textbox', { name: text('en', 'booking.dialog.name') }).fill(title);
    await dialog.getByRole('textbox', { name: text('en', 'booking.dialog.repeat') }).click();
    await page.getByRole('option', { name: text('en', 'booking.repeats.WEEKLY'), exact: true }).click();
    await dialog.getByLabel(new RegExp(`^${text('en', 'booking.dialog.until')}`)).fill(tuesdayAhead(4));
    await dialog.getByRole('button', { name: text('en', 'booking.dialog.addAttendee') }).click();
    await dialog.getByRole('textbox', { name: text('en', 'booking.dialog.firstName') }).fill('Grace');
    await dialog.getByRole('textbox', { name: text('en', 'booking.dialog.lastName') }).fill('Okoye');
    await dialog.getByRole('textbox', { name: text('en', 'booking.dialog.email') }).fill(guest);
    await expectNoAxeViolations(page, 'the booking dialog');
    await shot(page, 'dialog-desk-en');
    await dialog.getByRole('button', { name: text('en', 'booking.dialog.book') }).click();
    await page.getByText(`Requested: ${title}. The approvers are told.`).waitFor();
    // The slot is now taken on the map.
    await plan.getByRole('img', { name: 'Executive suite, taken' }).waitFor();

    // The approver's e-mail, at the run's SMTP server, links to the approval page.
    const master = 'master@demo-corp.example';
    await expect
      .poll(async () => (await mailsTo(master)).filter((mail) => mail.subject.includes(title)).length, poll)
      .toBe(1);
    const request = (await mailsTo(master)).find((mail) => mail.subject.includes(title))!;
    expect(request.subject).toMatch(new RegExp(`^To approve: ${title} in Executive suite on `));
    const link = /\/spacebooking\/approval\/[0-9a-f-]{36}/.exec(request.text)?.[0];
    expect(link).toBeDefined();

    await session.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await (await LoginPage.open(page)).signInAs(demoUsers.master);
    await page.goto(link!);
    await page.getByRole('heading', { name: title }).waitFor();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: 'Waiting for approval' }).count()).toBe(4);
    await expectNoAxeViolations(page, 'the approval page');
    await shot(page, 'approval-desk-en');
    await page.getByRole('textbox', { name: text('en', 'booking.approval.comment') }).fill('Enjoy the suite');
    await page.getByRole('button', { name: text('en', 'booking.approval.approve') }).click();
    await page.getByRole('status').filter({ hasText: 'Approved (4 occurrences)' }).waitFor();

    // The guest's invitation: one event a week in its calendar file.
    await expect
      .poll(async () => (await mailsTo(guest)).filter((mail) => mail.subject.startsWith('Approved:')).length, poll)
      .toBe(1);
    const invitation = (await mailsTo(guest)).find((mail) => mail.subject.startsWith('Approved:'))!;
    expect(invitation.text).toContain('Comment: Enjoy the suite');
    const parsed = await PostalMime.parse(invitation.raw);
    const file = parsed.attachments.find((attachment) => attachment.filename === 'booking.ics');
    expect(file).toBeDefined();
    const content = file!.content;
    const ics = typeof content === 'string' ? content : Buffer.from(new Uint8Array(content)).toString('utf8');
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(events.map((event) => event.summary)).toEqual([title, title, title, title]);
    expect(new Set(events.map((event) => event.uid)).size).toBe(4);
    expect(events[0]!.startDate.toJSDate().toISOString().slice(0, 10)).toBe(first);

    // The user's bookings show it approved.
    await session.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await (await LoginPage.open(page)).signInAs(demoUsers.user);
    await page.goto('/booking');
    await waitForPath(page, '/booking');
    const mine = page.getByRole('listitem', { name: title });
    await expect.poll(() => mine.count(), { timeout: UI_TIMEOUT_MS }).toBe(4);
    await mine.first().getByText(text('en', 'booking.statuses.APPROVED')).waitFor();
    await expectNoAxeViolations(page, 'my bookings');
    await shot(page, 'mine-desk-en');

    // The calendar opens at its week; a drag across free time books, a click changes.
    await mine
      .first()
      .getByRole('link', { name: text('en', 'booking.mine.showInCalendar', { title }) })
      .click();
    await waitForPath(page, '/spacebooking/calendar');
    await page.locator('.fc-event', { hasText: title }).first().waitFor();
    await expectNoAxeViolations(page, 'the booking calendar');
    await shot(page, 'calendar-desk-en');
    const next = new Date(`${first}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const column = await page
      .locator(`td.fc-timegrid-col[data-date="${next.toISOString().slice(0, 10)}"]`)
      .boundingBox();
    const from = await page.locator('td.fc-timegrid-slot-lane[data-time="14:00:00"]').boundingBox();
    const until = await page.locator('td.fc-timegrid-slot-lane[data-time="15:00:00"]').boundingBox();
    expect(column && from && until).toBeTruthy();
    const x = column!.x + column!.width / 2;
    await page.mouse.move(x, from!.y + 4);
    await page.mouse.down();
    await page.mouse.move(x, until!.y + until!.height - 4, { steps: 8 });
    await page.mouse.up();
    const chosen = page.getByRole('dialog', { name: text('en', 'booking.dialog.titleChoose') });
    await chosen.getByRole('textbox', { name: text('en', 'booking.dialog.name') }).fill(`Design review ${unique}`);
    await chosen.getByRole('textbox', { name: new RegExp(`^${text('en', 'booking.dialog.space')}`) }).click();
    await page.getByRole('option', { name: 'Focus room', exact: true }).click();
    expect(await chosen.getByLabel(text('en', 'booking.dialog.from'), { exact: true }).inputValue()).not.toBe('');
    await expectNoAxeViolations(page, 'the booking dialog opened from the calendar');
    await chosen.getByRole('button', { name: text('en', 'booking.dialog.book') }).click();
    await page.getByText(`Booked: Design review ${unique}.`).waitFor();
    await page.locator('.fc-event', { hasText: `Design review ${unique}` }).click();
    const change = page.getByRole('dialog', { name: `Change “Design review ${unique}”` });
    await change.getByRole('textbox', { name: text('en', 'booking.dialog.name') }).fill(`Design sign-off ${unique}`);
    await change.getByRole('button', { name: text('en', 'booking.dialog.save') }).click();
    await page.getByText(`Saved: Design sign-off ${unique}. The attendees are told.`).waitFor();
    await page.locator('.fc-event', { hasText: `Design sign-off ${unique}` }).waitFor();
    await shot(page, 'calendar-booked-desk-en');
  });
});

/**
 * A zone whose clock shows nine o'clock now, or ten (real zones without summer time, one per
 * whole offset): the guest's meeting at eleven is later today there, whatever the hour of the run.
 */
function zoneAtNine(): string {
  const zones: Record<number, string> = {
    [-10]: 'Pacific/Honolulu',
    [-9]: 'Pacific/Gambier',
    [-8]: 'Pacific/Pitcairn',
    [-7]: 'America/Phoenix',
    [-6]: 'America/Regina',
    [-5]: 'America/Bogota',
    [-4]: 'America/La_Paz',
    [-3]: 'America/Argentina/Buenos_Aires',
    [-2]: 'America/Noronha',
    [-1]: 'Atlantic/Cape_Verde',
    0: 'Africa/Abidjan',
    1: 'Africa/Lagos',
    2: 'Africa/Maputo',
    3: 'Europe/Istanbul',
    4: 'Asia/Dubai',
    5: 'Asia/Tashkent',
    6: 'Asia/Dhaka',
    7: 'Asia/Bangkok',
    8: 'Asia/Singapore',
    9: 'Asia/Tokyo',
    10: 'Australia/Brisbane',
    11: 'Pacific/Guadalcanal',
    12: 'Pacific/Tarawa',
    13: 'Pacific/Fakaofo',
  };
  const offset = 9 - new Date().getUTCHours();
  return zones[offset < -10 ? offset + 24 : offset]!;
}

describe('a guest invited at the front desk', () => {
  test('gets an entry invitation with the booking, and checking in at the kiosk with its code confirms the booking', async () => {
    const { page } = session;
    const api = await signedIn(session.baseUrl, demoUsers.master.username);
    const zone = zoneAtNine();
    const name = `Guest Wing ${unique}`;
    const building = await api.call('POST /building', {
      body: {
        name,
        address1: '9 Harbour Road',
        city: 'Toronto',
        zip: 'M5J 2N8',
        state: 'ON',
        countryCode: 'CA',
        pinCode: '2580',
      },
    });
    await api.call('PATCH /building/:id/settings', {
      params: { id: building.id },
      body: { ...newBuildingSettings(), timeZoneId: zone },
    });
    const floor = await api.call('POST /floor', { body: { buildingId: building.id, name: 'Lobby floor' } });
    const room = await api.call('POST /space', { body: { floorId: floor.id, name: 'Guest room' } });
    const visitor = `noor-${unique}@supplier.example`;

    await page.setViewportSize(DESK);
    await (await LoginPage.open(page)).signInAs(demoUsers.master);
    await page.goto('/spacebooking/map');
    await page.getByRole('textbox', { name: text('en', 'booking.map.floor') }).click();
    await page.getByRole('option', { name: `${name} · Lobby floor` }).click();
    await page.getByLabel(text('en', 'booking.map.day'), { exact: true }).fill(dayInZone(new Date(), zone));
    await page.getByLabel(text('en', 'booking.map.from'), { exact: true }).fill('11:00');
    await page.getByLabel(text('en', 'booking.map.to'), { exact: true }).fill('12:00');
    await page
      .getByRole('region', { name: text('en', 'booking.map.list') })
      .getByRole('button', { name: 'Guest room, free' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Book Guest room' });
    await dialog.getByRole('textbox', { name: text('en', 'booking.dialog.name') }).fill(`Supplier visit ${unique}`);
    await dialog.getByRole('button', { name: text('en', 'booking.dialog.addAttendee') }).click();
    await dialog.getByRole('textbox', { name: text('en', 'booking.dialog.firstName') }).fill('Noor');
    await dialog.getByRole('textbox', { name: text('en', 'booking.dialog.lastName') }).fill('Haddad');
    await dialog.getByRole('textbox', { name: text('en', 'booking.dialog.email') }).fill(visitor);
    await dialog.getByRole('checkbox', { name: text('en', 'booking.dialog.createInvitation') }).check();
    await dialog.getByRole('button', { name: text('en', 'booking.dialog.book') }).click();
    await page.getByText(`Booked: Supplier visit ${unique}.`).waitFor();

    // The guest's invitation e-mail gives the code they type at the lobby's tablet.
    const { code } = await codesOfInvitation(visitor);
    await page.setViewportSize(TABLET);
    const kiosk = await KioskPage.enrol(page, await enrolmentCode(session.baseUrl, building.id), building.qrCodeKey);
    await kiosk.openScanner();
    await kiosk.main.getByLabel(kiosk.label('scanner.manual.label')).fill(code);
    await kiosk.main.getByRole('button', { name: exactly(kiosk.label('scanner.manual.submit')) }).click();
    await kiosk.scanned();
    const wizard = kiosk.wizard;
    await wizard.waitForStep(1, 1, wizard.label('wizard.titles.form'));
    await expect.poll(() => wizard.formField('email').inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(visitor);
    await wizard.button('finish').click();
    await wizard.outcomeHeading('allowed').waitFor();

    // The booking is confirmed: it is no longer released as a no-show.
    await expect
      .poll(
        async () =>
          (await api.call('GET /spacebooking', { query: { spaceId: room.id } })).docs.map(
            (occurrence) => occurrence.checkedInAt !== null,
          ),
        { timeout: UI_TIMEOUT_MS },
      )
      .toEqual([true]);
  });
});

describe('booking on a phone', () => {
  test('the map lists the spaces under the plan, and the dialog books a desk', async () => {
    const { page } = session;
    // Signed in at a desk (the toolbar says who), then on the phone.
    await (await LoginPage.open(page)).signInAs(demoUsers.space);
    await page.setViewportSize(PHONE);
    const day = tuesdayAhead(2);
    await page.goto('/spacebooking/map');
    await page.getByRole('textbox', { name: text('en', 'booking.map.floor') }).click();
    await page.getByRole('option', { name: 'Demo HQ · Ground floor' }).click();
    await page.getByLabel(text('en', 'booking.map.day'), { exact: true }).fill(day);
    await page.getByLabel(text('en', 'booking.map.from'), { exact: true }).fill('09:00');
    await page.getByLabel(text('en', 'booking.map.to'), { exact: true }).fill('17:00');
    const list = page.getByRole('region', { name: text('en', 'booking.map.list') });
    await list.getByRole('button', { name: 'G-12, free' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book G-12' });
    await dialog.getByRole('textbox', { name: text('en', 'booking.dialog.name') }).fill(`Desk day ${unique}`);
    await shot(page, 'dialog-phone-en');
    await dialog.getByRole('button', { name: text('en', 'booking.dialog.book') }).click();
    await page.getByText(`Booked: Desk day ${unique}.`).waitFor();
    await list.getByRole('button', { name: 'G-12, taken' }).waitFor();
    await expectNoAxeViolations(page, 'the booking map on a phone');
    await shot(page, 'map-phone-en');
  });
});
