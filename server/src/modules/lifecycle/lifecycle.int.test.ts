import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BuildingSettings, type LifecycleSettings, autoCheckoutAt, newBuildingSettings } from '@vestibule/shared';
import { createTestDatabase } from '../../../test/helpers/database.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import {
  type LifecycleDeps,
  autoCheckOutDue,
  expireVisits,
  notifyHostsOfCheckIns,
  sendEndReminders,
  sendInvitations,
  sendOverdueAlerts,
  sendStartReminders,
} from './lifecycle.service.ts';
import {
  at,
  clearVisitsAndMail,
  createHost,
  createVisit,
  createWorld,
  mailsTo,
  minutes,
  visitRow,
} from './lifecycle.test-fixtures.ts';

// Each job against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): what it acts
// on, what it leaves, and that a second run acts on nothing. Every job takes its clock.
let database: DatabaseHandle;
let deps: LifecycleDeps;
const NOW = new Date('2026-06-15T14:00:00Z');
const HOUR = minutes(60);

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, base: 'https://visits.example.test' };
});
afterEach(() => clearVisitsAndMail(database.db));
afterAll(() => database.close());

const db = () => database.db;

describe('invitations', () => {
  it('sends each invitation once, and none that cannot or need not be sent', async () => {
    const world = await createWorld(db());
    const tomorrow = at(NOW, 24 * HOUR);
    const invited = await createVisit(db(), world, {
      is_invitation: true,
      scheduled_at: tomorrow,
      scheduled_duration: 'PT1H',
    });
    const left = [
      await createVisit(db(), world, { is_invitation: true, scheduled_at: tomorrow, email: null }),
      await createVisit(db(), world, { is_invitation: true, scheduled_at: tomorrow, email: '  ' }),
      await createVisit(db(), world, { is_invitation: true, scheduled_at: tomorrow, cancelled_at: NOW }),
      await createVisit(db(), world, { is_invitation: true, scheduled_at: tomorrow, checked_in_at: NOW }),
      await createVisit(db(), world, { is_invitation: true, scheduled_at: tomorrow, expired_at: NOW }),
      // Its time and duration are over: too late to invite.
      await createVisit(db(), world, {
        is_invitation: true,
        scheduled_at: at(NOW, -2 * HOUR),
        scheduled_duration: 'PT1H',
      }),
      // Not an invitation: staff made it while the visitor stood at the desk.
      await createVisit(db(), world, { scheduled_at: tomorrow }),
    ];

    expect(await sendInvitations(deps, NOW)).toEqual({ visits: 1, mails: 1 });
    expect(await sendInvitations(deps, NOW)).toEqual({ visits: 0, mails: 0 });

    const sent = await visitRow(db(), invited);
    expect(new Date(sent.invitation_sent_at!).toISOString()).toBe(NOW.toISOString());
    expect(await mailsTo(db(), sent.email!)).toHaveLength(1);
    for (const id of left) expect((await visitRow(db(), id)).invitation_sent_at).toBeNull();
  });

  it('sends nothing for a deactivated company', async () => {
    const world = await createWorld(db());
    await db().updateTable('tenants').set({ active: false }).where('id', '=', world.tenantId).execute();
    const id = await createVisit(db(), world, { is_invitation: true, scheduled_at: at(NOW, HOUR) });
    expect(await sendInvitations(deps, NOW)).toEqual({ visits: 0, mails: 0 });
    expect((await visitRow(db(), id)).invitation_sent_at).toBeNull();
  });
});

describe('host check-in notices', () => {
  it('tells the host once, in their language, of a check-in now and of an offline one synced hours later', async () => {
    const world = await createWorld(db(), { name: 'Quai Ouest' });
    const hostId = await createHost(db(), world, { email: 'hote@example.test', locale: 'fr', firstName: 'Hélène' });
    const now = await createVisit(db(), world, { host_person_id: hostId, checked_in_at: at(NOW, -minutes(1)) });
    // A kiosk offline since the morning: the check-in arrives now, dated 3 hours ago.
    const synced = await createVisit(db(), world, {
      host_person_id: hostId,
      source: 'KIOSK',
      checked_in_at: at(NOW, -3 * HOUR),
      checked_out_at: at(NOW, -HOUR),
    });

    expect(await notifyHostsOfCheckIns(deps, NOW)).toEqual({ visits: 2, mails: 2 });
    expect(await notifyHostsOfCheckIns(deps, NOW)).toEqual({ visits: 0, mails: 0 });

    const mails = await mailsTo(db(), 'hote@example.test');
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.locale === 'fr')).toBe(true);
    expect(mails[0]!.subject).toBe('Vera Visitor est arrivé(e) à Quai Ouest');
    for (const id of [now, synced]) expect((await visitRow(db(), id)).host_notified_at).not.toBeNull();
  });

  it('leaves stale check-ins, visits without a host and visits not in; a host without an address gets nothing', async () => {
    const world = await createWorld(db());
    const hostId = await createHost(db(), world);
    const silentHost = await createHost(db(), world, { email: null });
    const stale = await createVisit(db(), world, { host_person_id: hostId, checked_in_at: at(NOW, -13 * HOUR) });
    const noHost = await createVisit(db(), world, { host: 'Typed Name', checked_in_at: at(NOW, -minutes(1)) });
    const expected = await createVisit(db(), world, { host_person_id: hostId, scheduled_at: at(NOW, HOUR) });
    const refused = await createVisit(db(), world, { host_person_id: hostId, allowed: false });
    const quiet = await createVisit(db(), world, { host_person_id: silentHost, checked_in_at: at(NOW, -minutes(1)) });

    // The host without an address is claimed (nothing more will ever be sent) but gets no e-mail.
    expect(await notifyHostsOfCheckIns(deps, NOW)).toEqual({ visits: 1, mails: 0 });
    expect((await visitRow(db(), quiet)).host_notified_at).not.toBeNull();
    for (const id of [stale, noHost, expected, refused]) {
      expect((await visitRow(db(), id)).host_notified_at).toBeNull();
    }
  });
});

describe('reminders and the overdue alert', () => {
  it("reminds visitor and host once, the building's lead before the start, of visits made before that", async () => {
    const world = await createWorld(db(), { settings: { meetingStartReminderTime: 'PT3H' } });
    const hostId = await createHost(db(), world, { email: 'start-host@example.test' });
    const created = at(NOW, -48 * HOUR);
    const due = await createVisit(db(), world, {
      host_person_id: hostId,
      scheduled_at: at(NOW, 2 * HOUR),
      created_at: created,
      email: 'start@example.test',
    });
    const later = await createVisit(db(), world, { scheduled_at: at(NOW, 4 * HOUR), created_at: created });
    const madeLate = await createVisit(db(), world, { scheduled_at: at(NOW, 2 * HOUR), created_at: at(NOW, -HOUR) });
    const cancelled = await createVisit(db(), world, {
      scheduled_at: at(NOW, HOUR),
      created_at: created,
      cancelled_at: at(NOW, -HOUR),
    });
    const started = await createVisit(db(), world, { scheduled_at: at(NOW, -minutes(5)), created_at: created });

    expect(await sendStartReminders(deps, NOW)).toEqual({ visits: 1, mails: 2 });
    expect(await sendStartReminders(deps, NOW)).toEqual({ visits: 0, mails: 0 });
    expect(await mailsTo(db(), 'start@example.test')).toHaveLength(1);
    expect(await mailsTo(db(), 'start-host@example.test')).toHaveLength(1);
    expect((await visitRow(db(), due)).start_reminder_sent_at).not.toBeNull();
    for (const id of [later, madeLate, cancelled, started]) {
      expect((await visitRow(db(), id)).start_reminder_sent_at).toBeNull();
    }
    // Its moment comes: the later visit is reminded then.
    expect(await sendStartReminders(deps, at(NOW, HOUR))).toEqual({ visits: 1, mails: 1 });
  });

  it("reminds visitor and host once, the building's lead before the expected end, while in", async () => {
    const world = await createWorld(db(), { settings: { meetingEndReminderTime: 'PT10M' } });
    const hostId = await createHost(db(), world, { email: 'end-host@example.test' });
    const due = await createVisit(db(), world, {
      host_person_id: hostId,
      checked_in_at: at(NOW, -minutes(55)),
      scheduled_duration: 'PT1H',
      email: 'end@example.test',
    });
    const notYet = await createVisit(db(), world, { checked_in_at: at(NOW, -minutes(30)), scheduled_duration: 'PT1H' });
    const gone = await createVisit(db(), world, {
      checked_in_at: at(NOW, -minutes(55)),
      checked_out_at: at(NOW, -minutes(1)),
      scheduled_duration: 'PT1H',
    });
    const noDuration = await createVisit(db(), world, { checked_in_at: at(NOW, -minutes(55)) });
    const tooShort = await createVisit(db(), world, {
      checked_in_at: at(NOW, -minutes(1)),
      scheduled_duration: 'PT5M',
    });

    expect(await sendEndReminders(deps, NOW)).toEqual({ visits: 1, mails: 2 });
    expect(await sendEndReminders(deps, NOW)).toEqual({ visits: 0, mails: 0 });
    expect(await mailsTo(db(), 'end@example.test')).toHaveLength(1);
    expect((await visitRow(db(), due)).end_reminder_sent_at).not.toBeNull();
    for (const id of [notYet, gone, noDuration, tooShort]) {
      expect((await visitRow(db(), id)).end_reminder_sent_at).toBeNull();
    }
  });

  it('alerts the host once when a visitor stays past the alert time, only where alerts are on', async () => {
    const on = await createWorld(db(), { settings: { meetingAlertEnabled: true, overdueAlertTime: 'PT20M' } });
    const off = await createWorld(db(), { settings: { meetingAlertEnabled: false } });
    const hostId = await createHost(db(), on, { email: 'overdue-host@example.test' });
    const overdue = await createVisit(db(), on, {
      host_person_id: hostId,
      checked_in_at: at(NOW, -minutes(81)),
      scheduled_duration: 'PT1H',
    });
    const within = await createVisit(db(), on, { checked_in_at: at(NOW, -minutes(79)), scheduled_duration: 'PT1H' });
    const quietBuilding = await createVisit(db(), off, {
      checked_in_at: at(NOW, -5 * HOUR),
      scheduled_duration: 'PT1H',
    });

    expect(await sendOverdueAlerts(deps, NOW)).toEqual({ visits: 1, mails: 1 });
    expect(await sendOverdueAlerts(deps, NOW)).toEqual({ visits: 0, mails: 0 });
    const [alert] = await mailsTo(db(), 'overdue-host@example.test');
    expect(alert!.subject).toBe('Vera Visitor has not checked out of Harbour Tower');
    expect((await visitRow(db(), overdue)).overdue_alert_sent_at).not.toBeNull();
    for (const id of [within, quietBuilding]) expect((await visitRow(db(), id)).overdue_alert_sent_at).toBeNull();
  });

  it('counts a visit checked in back from its re-opening: no alert nor end reminder that would come with it', async () => {
    const world = await createWorld(db(), {
      settings: { meetingAlertEnabled: true, overdueAlertTime: 'PT20M', meetingEndReminderTime: 'PT10M' },
    });
    const hostId = await createHost(db(), world, { email: 'reopened-host@example.test' });
    // In for an hour three hours ago, checked in back a minute ago.
    const late = await createVisit(db(), world, {
      host_person_id: hostId,
      checked_in_at: at(NOW, -3 * HOUR),
      reopened_at: at(NOW, -minutes(1)),
      scheduled_duration: 'PT1H',
    });
    // Ends in 5 minutes, checked in back a minute ago: its end reminder's moment was before that.
    const ending = await createVisit(db(), world, {
      checked_in_at: at(NOW, -minutes(55)),
      reopened_at: at(NOW, -minutes(1)),
      scheduled_duration: 'PT1H',
    });
    // Checked in back long before its end: reminded as any visit.
    const early = await createVisit(db(), world, {
      checked_in_at: at(NOW, -minutes(55)),
      reopened_at: at(NOW, -minutes(40)),
      scheduled_duration: 'PT1H',
    });

    expect(await sendOverdueAlerts(deps, NOW)).toEqual({ visits: 0, mails: 0 });
    expect(await sendEndReminders(deps, NOW)).toEqual({ visits: 1, mails: 1 });
    expect((await visitRow(db(), early)).end_reminder_sent_at).not.toBeNull();
    expect((await visitRow(db(), ending)).end_reminder_sent_at).toBeNull();
    // The alert time after the re-opening, the host hears of it once.
    expect(await sendOverdueAlerts(deps, at(NOW, minutes(18)))).toEqual({ visits: 0, mails: 0 });
    expect(await sendOverdueAlerts(deps, at(NOW, minutes(19)))).toEqual({ visits: 1, mails: 1 });
    expect((await visitRow(db(), late)).overdue_alert_sent_at).not.toBeNull();
    expect(await mailsTo(db(), 'reopened-host@example.test')).toHaveLength(1);
  });

  it("alerts the building's sender addresses when the visit has no host to tell", async () => {
    const world = await createWorld(db(), {
      settings: { meetingAlertEnabled: true, senderEmail: 'desk@example.test; security@example.test' },
    });
    await createVisit(db(), world, { host: 'Someone', checked_in_at: at(NOW, -3 * HOUR), scheduled_duration: 'PT1H' });
    expect(await sendOverdueAlerts(deps, NOW)).toEqual({ visits: 1, mails: 2 });
    expect(await mailsTo(db(), 'desk@example.test')).toHaveLength(1);
    expect(await mailsTo(db(), 'security@example.test')).toHaveLength(1);
  });
});

describe('automatic check-out', () => {
  const settingsOf = (overrides: Partial<LifecycleSettings>): LifecycleSettings => ({
    ...newBuildingSettings(),
    ...overrides,
  });

  it("checks out after the building's timeout past the expected end, keeping how and when", async () => {
    const world = await createWorld(db(), { settings: { autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT2H' } });
    const past = await createVisit(db(), world, { checked_in_at: at(NOW, -4 * HOUR), scheduled_duration: 'PT1H30M' });
    const noDuration = await createVisit(db(), world, { checked_in_at: at(NOW, -3 * HOUR) });
    const within = await createVisit(db(), world, { checked_in_at: at(NOW, -3 * HOUR), scheduled_duration: 'PT1H30M' });
    const gone = await createVisit(db(), world, {
      checked_in_at: at(NOW, -5 * HOUR),
      checked_out_at: at(NOW, -4 * HOUR),
      checkout_method: 'KIOSK',
    });

    const done = await autoCheckOutDue(deps, NOW);
    expect(done.map((visit) => visit.id).sort()).toEqual([past, noDuration].sort());
    expect(await autoCheckOutDue(deps, NOW)).toEqual([]);

    const row = await visitRow(db(), past);
    expect(row.checkout_method).toBe('AUTO_TIMEOUT');
    expect(new Date(row.checked_out_at!).toISOString()).toBe(at(NOW, -30 * 60_000).toISOString());
    expect(new Date((await visitRow(db(), noDuration)).checked_out_at!).toISOString()).toBe(
      at(NOW, -HOUR).toISOString(),
    );
    expect((await visitRow(db(), within)).checked_out_at).toBeNull();
    expect((await visitRow(db(), gone)).checkout_method).toBe('KIOSK');
  });

  it("checks out at the building's clock time in its zone, as the shared rule says, across summer-time changes", async () => {
    const cases: { zone: string; time: string; checkedIn: string }[] = [
      { zone: 'America/Toronto', time: '19:00', checkedIn: '2026-03-08T00:00:00Z' }, // spring: 23 h later
      { zone: 'America/Toronto', time: '17:00', checkedIn: '2026-10-31T21:00:00Z' }, // autumn: 25 h later
      { zone: 'America/Toronto', time: '02:30', checkedIn: '2026-03-08T04:00:00Z' }, // a skipped time
      { zone: 'America/Toronto', time: '01:30', checkedIn: '2026-11-01T04:00:00Z' }, // a repeated time
      { zone: 'America/Toronto', time: '18:00', checkedIn: '2026-01-15T15:00:00Z' }, // the same day
      { zone: 'Europe/Paris', time: '02:30', checkedIn: '2026-03-28T20:00:00Z' },
      { zone: 'Europe/Paris', time: '02:30', checkedIn: '2026-10-24T20:00:00Z' },
      { zone: 'Australia/Sydney', time: '02:30', checkedIn: '2026-04-04T10:00:00Z' },
      { zone: 'Australia/Sydney', time: '02:30', checkedIn: '2026-10-03T10:00:00Z' },
      { zone: 'Asia/Kolkata', time: '09:15', checkedIn: '2026-06-01T12:00:00Z' },
    ];
    const expected = new Map<string, string>();
    for (const { zone, time, checkedIn } of cases) {
      const settings = {
        timeZoneId: zone,
        autoCheckoutMode: 'SPECIFIC_TIME' as const,
        autoCheckOutTimeout: null,
        autoCheckoutSpecificTime: time,
      };
      const world = await createWorld(db(), { settings });
      const id = await createVisit(db(), world, { checked_in_at: new Date(checkedIn), scheduled_duration: 'PT1H' });
      const rule = autoCheckoutAt(
        { scheduledAt: null, scheduledDuration: 'PT1H', checkedInAt: checkedIn, checkedOutAt: null },
        settingsOf(settings),
      );
      expected.set(id, rule!.at.toISOString());
    }
    // Before any of them is due: nothing; long after: each at its own moment.
    expect(await autoCheckOutDue(deps, new Date('2026-01-15T22:59:00Z'))).toEqual([]);
    const done = await autoCheckOutDue(deps, new Date('2027-01-01T00:00:00Z'));
    expect(done).toHaveLength(cases.length);
    for (const visit of done) {
      expect(visit.checkout_method).toBe('AUTO_SPECIFIC_TIME');
      expect([visit.id, new Date(visit.checked_out_at).toISOString()]).toEqual([visit.id, expected.get(visit.id)]);
    }
  });

  it('counts a visit checked in back from its re-opening, as the shared rule says', async () => {
    const cases: {
      settings: Partial<BuildingSettings>;
      checkedIn: string;
      reopened: string;
      duration: string | null;
    }[] = [
      // Checked out by the job at 18:00 Toronto, checked in back at 18:05: the next day's 18:00.
      {
        settings: { autoCheckoutMode: 'SPECIFIC_TIME', autoCheckOutTimeout: null, autoCheckoutSpecificTime: '18:00' },
        checkedIn: '2026-01-15T15:00:00Z',
        reopened: '2026-01-15T23:05:00Z',
        duration: 'PT1H',
      },
      // Re-opened at 19:00 standard time the night before the spring change: 19:00 summer time.
      {
        settings: { autoCheckoutMode: 'SPECIFIC_TIME', autoCheckOutTimeout: null, autoCheckoutSpecificTime: '19:00' },
        checkedIn: '2026-03-07T15:00:00Z',
        reopened: '2026-03-08T00:00:00Z',
        duration: 'PT1H',
      },
      // Re-opened before the time of the day: that day's.
      {
        settings: { autoCheckoutMode: 'SPECIFIC_TIME', autoCheckOutTimeout: null, autoCheckoutSpecificTime: '18:00' },
        checkedIn: '2026-01-15T13:00:00Z',
        reopened: '2026-01-15T16:00:00Z',
        duration: 'PT1H',
      },
      // TIMEOUT: from the re-opening, past the expected end; without a duration too.
      {
        settings: { autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT1H' },
        checkedIn: '2026-01-15T08:00:00Z',
        reopened: '2026-01-15T10:05:00Z',
        duration: 'PT1H',
      },
      {
        settings: { autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT1H' },
        checkedIn: '2026-01-15T08:00:00Z',
        reopened: '2026-01-15T10:10:00Z',
        duration: null,
      },
      // TIMEOUT: re-opened before the expected end (a check-out by mistake): the end rules.
      {
        settings: { autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT1H' },
        checkedIn: '2026-01-15T08:00:00Z',
        reopened: '2026-01-15T08:30:00Z',
        duration: 'PT2H',
      },
    ];
    const expected = new Map<string, string>();
    for (const { settings, checkedIn, reopened, duration } of cases) {
      const world = await createWorld(db(), { settings });
      const id = await createVisit(db(), world, {
        checked_in_at: new Date(checkedIn),
        reopened_at: new Date(reopened),
        scheduled_duration: duration,
      });
      const rule = autoCheckoutAt(
        {
          scheduledAt: null,
          scheduledDuration: duration,
          checkedInAt: checkedIn,
          checkedOutAt: null,
          reopenedAt: reopened,
        },
        settingsOf(settings),
      );
      expected.set(id, rule!.at.toISOString());
    }
    // In the order they fall due: a minute before its moment the job leaves it in, at its moment
    // it checks it out, dated then.
    const closedAt = new Map<string, string>();
    const run = async (now: Date) => {
      for (const visit of await autoCheckOutDue(deps, now)) {
        closedAt.set(visit.id, new Date(visit.checked_out_at).toISOString());
      }
    };
    for (const [id, due] of [...expected].sort((a, b) => a[1].localeCompare(b[1]))) {
      await run(new Date(Date.parse(due) - 60_000));
      expect([id, due, closedAt.get(id)]).toEqual([id, due, undefined]);
      await run(new Date(due));
      expect(closedAt.get(id)).toBe(due);
    }
    expect(closedAt.size).toBe(cases.length);
  });

  it('reads a time zone the database does not know as the default zone instead of failing every building', async () => {
    const odd = await createWorld(db(), {
      settings: {
        timeZoneId: 'Mars/Olympus_Mons',
        autoCheckoutMode: 'SPECIFIC_TIME',
        autoCheckOutTimeout: null,
        autoCheckoutSpecificTime: '18:00',
      },
    });
    const fine = await createWorld(db(), { settings: { autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT1H' } });
    const oddVisit = await createVisit(db(), odd, { checked_in_at: new Date('2026-01-15T15:00:00Z') });
    const fineVisit = await createVisit(db(), fine, {
      checked_in_at: new Date('2026-01-15T10:00:00Z'),
      scheduled_duration: 'PT1H',
    });
    const done = await autoCheckOutDue(deps, new Date('2026-01-16T00:00:00Z'));
    expect(done.map((visit) => visit.id).sort()).toEqual([oddVisit, fineVisit].sort());
    // 18:00 in Toronto, the new-building default zone.
    expect(new Date((await visitRow(db(), oddVisit)).checked_out_at!).toISOString()).toBe('2026-01-15T23:00:00.000Z');
  });
});

describe('expiry', () => {
  it('marks expired, at their end, the scheduled visits never checked in', async () => {
    const world = await createWorld(db());
    const missed = await createVisit(db(), world, { scheduled_at: at(NOW, -2 * HOUR), scheduled_duration: 'PT1H' });
    const noDuration = await createVisit(db(), world, { scheduled_at: at(NOW, -minutes(1)) });
    const ongoing = await createVisit(db(), world, { scheduled_at: at(NOW, -minutes(30)), scheduled_duration: 'PT1H' });
    const came = await createVisit(db(), world, {
      scheduled_at: at(NOW, -3 * HOUR),
      checked_in_at: at(NOW, -3 * HOUR),
    });
    const cancelled = await createVisit(db(), world, {
      scheduled_at: at(NOW, -3 * HOUR),
      cancelled_at: at(NOW, -4 * HOUR),
    });

    expect(await expireVisits(deps, NOW)).toEqual({ scheduled: 2, answers: 0 });
    expect(await expireVisits(deps, NOW)).toEqual({ scheduled: 0, answers: 0 });
    expect(new Date((await visitRow(db(), missed)).expired_at!).toISOString()).toBe(at(NOW, -HOUR).toISOString());
    expect(new Date((await visitRow(db(), noDuration)).expired_at!).toISOString()).toBe(
      at(NOW, -minutes(1)).toISOString(),
    );
    for (const id of [ongoing, came, cancelled]) expect((await visitRow(db(), id)).expired_at).toBeNull();
  });

  it("marks expired the visits whose answers, given ahead of an unscheduled arrival, outlived the building's validity", async () => {
    const world = await createWorld(db(), { settings: { questionnairesValidityTimeout: 'PT1H' } });
    const lapsed = await createVisit(db(), world, {
      visitor_type: 'EMPLOYEE',
      questionnaires_answered_at: at(NOW, -90 * 60_000),
    });
    const fresh = await createVisit(db(), world, { questionnaires_answered_at: at(NOW, -30 * 60_000) });
    const refused = await createVisit(db(), world, { allowed: false, questionnaires_answered_at: at(NOW, -5 * HOUR) });
    const scheduled = await createVisit(db(), world, {
      scheduled_at: at(NOW, HOUR),
      questionnaires_answered_at: at(NOW, -5 * HOUR),
    });

    expect(await expireVisits(deps, NOW)).toEqual({ scheduled: 0, answers: 1 });
    expect(await expireVisits(deps, NOW)).toEqual({ scheduled: 0, answers: 0 });
    expect(new Date((await visitRow(db(), lapsed)).expired_at!).toISOString()).toBe(
      at(NOW, -30 * 60_000).toISOString(),
    );
    for (const id of [fresh, refused, scheduled]) expect((await visitRow(db(), id)).expired_at).toBeNull();
  });
});
