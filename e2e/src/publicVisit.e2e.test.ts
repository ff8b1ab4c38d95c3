// A visitor's own visit pages, end to end at Demo HQ: a visitor registers ahead
// through the building's registration link (the directory's host recognised), then moves the
// visit, makes it longer and cancels it through the invitation's links, each time seeing the
// page's success modal and the entry log holding the change; a cancelled visit can no longer be
// moved, and says why. Scanned with axe with each modal open.
import { type Locale, dayInZone } from '@vestibule/shared';
import type { ApiClient } from '@vestibule/shared/api';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { serviceClient, signedIn } from './harness/service.ts';
import { PublicVisitPage } from './pages/PublicVisitPage.ts';

const session = useBrowser();
const DAY = 24 * 3_600_000;

let api: ApiClient;
let hq: { id: string; qrCodeKey: string; timeZoneId: string };
let host: { id: string; name: string };

beforeAll(async () => {
  api = await signedIn(session.baseUrl, demoUsers.master.username);
  const buildings = await api.call('GET /building', { query: { limit: 100 } });
  const found = buildings.docs.find((building) => building.name === 'Demo HQ');
  if (!found) throw new Error('Demo HQ is not seeded');
  const page = await serviceClient(session.baseUrl).call('GET /registration/:qrCodeKey', {
    params: { qrCodeKey: found.qrCodeKey },
  });
  hq = { id: found.id, qrCodeKey: found.qrCodeKey, timeZoneId: page.building.timeZoneId };
  // A host whose name no other employee of the building shares: the directory recognises them.
  const employees = await api.call('GET /people', {
    query: { buildingId: hq.id, visitorType: 'EMPLOYEE', active: 'true', limit: 200 },
  });
  const names = employees.docs.map((person) => `${person.firstName} ${person.lastName}`);
  const unique = employees.docs.find(
    (_, index) => names.indexOf(names[index] ?? '') === names.lastIndexOf(names[index] ?? ''),
  );
  if (!unique) throw new Error('Demo HQ has no employee with a name of their own');
  host = { id: unique.id, name: `${unique.firstName} ${unique.lastName}` };
});

/** The date and time an instant shows on a zone's clock. */
function wallTime(instant: string, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

const day = (daysAhead: number) => dayInZone(new Date(Date.now() + daysAhead * DAY), hq.timeZoneId);

/** The entry log's visit of a visitor's e-mail at Demo HQ (staff's view: what the data became). */
async function visitOf(email: string) {
  const list = await api.call('GET /meeting', { query: { buildingId: hq.id, search: email, limit: 10 } });
  expect(list.docs).toHaveLength(1);
  const [visit] = list.docs;
  if (!visit) throw new Error(`no visit of ${email}`);
  return api.call('GET /meeting/:id', { params: { id: visit.id } });
}

function newVisitor(label: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { firstName: label, lastName: `Visitor${suffix}`, email: `${label.toLowerCase()}.${suffix}@example.test` };
}

describe("a visitor's own visit pages", () => {
  test('a visitor registers ahead through the building’s registration link', async () => {
    const { page } = session;
    const visitor = newVisitor('Rosalind');
    const screen = await PublicVisitPage.open(page, `/registration/${hq.qrCodeKey}`);
    await screen.heading('publicVisit.registration.welcome', { building: 'Demo HQ' }).waitFor();
    await screen.main
      .getByRole('button', { name: new RegExp(`^${screen.label('publicVisit.checkIn.types.VISITOR')}`) })
      .click();
    const form = await serviceClient(session.baseUrl).call('GET /registration/:qrCodeKey', {
      params: { qrCodeKey: hq.qrCodeKey },
      query: { visitorType: 'VISITOR' },
    });
    await screen.button('publicVisit.registration.submit').waitFor();
    await screen.field('wizard.fields.firstName').fill(visitor.firstName);
    await screen.field('wizard.fields.lastName').fill(visitor.lastName);
    await screen.field('wizard.fields.email').fill(visitor.email);
    await screen.field('wizard.fields.host').fill(host.name);
    if (form.checkInForm?.companyName?.enabled) await screen.field('wizard.fields.companyName').fill('Kings College');
    if (form.checkInForm?.phone?.mandatory) await screen.field('wizard.fields.phone').fill('+442079460000');
    const date = day(2);
    await screen.schedule(date, '10:00');
    await screen.main.getByLabel(exactly(screen.label('publicVisit.registration.duration'))).selectOption({
      label: screen.label('publicVisit.visitPage.durationHoursMinutes', { hours: '1', minutes: '30' }),
    });
    if (form.consentClauseActive) await screen.main.getByLabel(screen.label('wizard.consent.accept')).check();
    await screen.button('publicVisit.registration.submit').click();

    const dialog = screen.dialog('publicVisit.registration.successTitle');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(visitor.email);
    await expectNoAxeViolations(page, 'registration success modal');
    await screen.closeDialog(dialog);
    await screen.button('publicVisit.registration.another').waitFor();

    const visit = await visitOf(visitor.email);
    expect(visit).toMatchObject({
      firstName: visitor.firstName,
      lastName: visitor.lastName,
      email: visitor.email,
      host: host.name,
      hostPersonId: host.id,
      source: 'REGISTRATION',
      isInvitation: true,
      scheduledDuration: 'PT1H30M',
      checkedInAt: null,
      status: 'EXPECTED',
    });
    expect(wallTime(visit.scheduledAt ?? '', hq.timeZoneId)).toEqual({ date, time: '10:00' });
  });

  test('the visitor moves, extends and cancels the visit through its links; a cancelled visit says why it cannot move', async () => {
    const { page } = session;
    const visitor = newVisitor('Dorothy');
    await serviceClient(session.baseUrl).call('POST /registration', {
      body: {
        qrCodeKey: hq.qrCodeKey,
        visitorType: 'VISITOR',
        checkInForm: { ...visitor, host: host.name, companyName: 'Oxford', phone: '+442079460001' },
        scheduledAt: new Date(Date.now() + 2 * DAY).toISOString(),
        scheduledDuration: 'PT1H',
        consentAccepted: true,
      },
    });
    const { publicIdentifier, id } = await visitOf(visitor.email);

    // Another day and time, on the building's clock.
    const moved = await PublicVisitPage.open(page, `/rescheduleVisit/${publicIdentifier}`);
    await moved.heading('publicVisit.reschedule.title').waitFor();
    await expect
      .poll(() => moved.detail('publicVisit.visitPage.visitor').textContent())
      .toBe(`${visitor.firstName} ${visitor.lastName}`);
    expect(await moved.detail('publicVisit.visitPage.host').textContent()).toBe(host.name);
    const date = day(4);
    await moved.schedule(date, '15:30');
    await moved.button('publicVisit.reschedule.submit').click();
    const movedDialog = moved.dialog('publicVisit.reschedule.successTitle');
    await movedDialog.waitFor();
    await expectNoAxeViolations(page, 'reschedule success modal');
    await moved.closeDialog(movedDialog);
    const afterMove = await api.call('GET /meeting/:id', { params: { id } });
    expect(wallTime(afterMove.scheduledAt ?? '', hq.timeZoneId)).toEqual({ date, time: '15:30' });

    // A longer stay: three hours from 15:30, until 18:30 (6:30 PM in English).
    const longer = await PublicVisitPage.open(page, `/postponeCheckOut/${publicIdentifier}`);
    await longer.heading('publicVisit.postpone.title').waitFor();
    const threeHours = longer.main.getByRole('radio', {
      name: new RegExp(`^${longer.label('publicVisit.visitPage.durationHours', { count: '3' })},.*\\b(18|6):30`),
    });
    await threeHours.check();
    await longer.button('publicVisit.postpone.submit').click();
    const longerDialog = longer.dialog('publicVisit.postpone.successTitle');
    await longerDialog.waitFor();
    expect(await longerDialog.textContent()).toContain('6:30');
    await expectNoAxeViolations(page, 'postpone success modal');
    await longer.closeDialog(longerDialog);
    expect((await api.call('GET /meeting/:id', { params: { id } })).scheduledDuration).toBe('PT3H');

    // Cancelled: the entry log no longer expects the visitor.
    const cancel = await PublicVisitPage.open(page, `/cancelVisit/${publicIdentifier}`);
    await cancel.button('publicVisit.cancelVisit.submit').click();
    const cancelDialog = cancel.dialog('publicVisit.cancelVisit.successTitle');
    await cancelDialog.waitFor();
    await expectNoAxeViolations(page, 'cancel success modal');
    await page.keyboard.press('Escape');
    await cancelDialog.waitFor({ state: 'detached' });
    await cancel.main.getByText(cancel.label('publicVisit.cancelVisit.done')).waitFor();
    const cancelled = await api.call('GET /meeting/:id', { params: { id } });
    expect(cancelled.status).toBe('CANCELLED');
    const listed = await api.call('GET /meeting', { query: { buildingId: hq.id, search: visitor.email } });
    const [row] = listed.docs;
    if (!row) throw new Error('the cancelled visit left the entry log');
    expect(row.cancelledAt).not.toBeNull();

    // The links of a cancelled visit say so, in the visitor's language.
    const again = await PublicVisitPage.open(page, `/rescheduleVisit/${publicIdentifier}`);
    const refused = again.dialog('publicVisit.reschedule.unavailableTitle');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(text('en', 'errors.MEETING_CANCELLED'));
    await expectNoAxeViolations(page, 'reschedule error modal');
    await again.closeDialog(refused);
    const french: Locale = 'fr';
    await page.getByLabel(text('en', 'publicPages.language')).selectOption(french);
    await again.main.getByText(text(french, 'errors.MEETING_CANCELLED')).waitFor();
    await again.main
      .getByRole('heading', { level: 1, name: exactly(text(french, 'publicVisit.reschedule.title')) })
      .waitFor();
  });
});
