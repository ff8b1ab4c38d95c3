// Booking a room from the map, as people do it (docs/space-booking.md): a user books a weekly
// meeting in the executive suite, whose bookings wait for an approver, with a guest; the approver
// gets an e-mail at the run's SMTP server and approves from its link; the guest's invitation
// carries a calendar file with one event per week; the user's bookings show it approved. On a
// phone, the map and the booking dialog work with the fingers' list of spaces. Only what a
// browser shows is here (the rules are proven by the server's tests); axe on each screen.
import ICAL from 'ical.js';
import PostalMime from 'postal-mime';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { text } from './harness/i18n.ts';
import { mailsTo } from './harness/mailbox.ts';
import { waitForPath } from './harness/navigation.ts';
import { LoginPage } from './pages/LoginPage.ts';

const session = useBrowser();
const poll = { timeout: 60_000 };
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
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
