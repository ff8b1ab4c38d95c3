// The visit lifecycle's rules (docs/visits.md): notices, reminders, automatic check-out, expiry.
// Every rule takes `now` (tests pass their own clock) and is safe to run twice and on several
// instances at once: it acts on a visit only by claiming it in one statement (lifecycle.repo.ts),
// and a notice's e-mails are written to the outbox in the transaction of its claim. The jobs that
// run them, and how often, are in server/src/jobs/.
import { type HostRecord, arrivalNoticeTo, knownFormats, newBuildingSettings, uuidv7 } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { auditAll, automaticActor } from '../audit/audit.service.ts';
import { enqueueMail, type OutgoingMail } from '../mail/mail.repo.ts';
import { cancellationMails, invitationMail } from '../notifications/invitationMails.ts';
import {
  type NoticeBuilding,
  type NoticeContext,
  type NoticeHost,
  type NoticeVisit,
  fullName,
} from '../notifications/visitLetter.ts';
import {
  endReminderMails,
  hostArrivalNotice,
  overdueAlertMails,
  startReminderMails,
} from '../notifications/visitMails.ts';
import {
  type AutoCheckedOut,
  type NoticeRow,
  autoCheckOut,
  claimCancellations,
  claimEndReminders,
  claimHostNotices,
  claimInvitations,
  claimOverdueAlerts,
  claimStartReminders,
  expireLapsedAnswers,
  expireScheduled,
  noticeRows,
  recordInvitationsSent,
} from './lifecycle.repo.ts';

export interface LifecycleDeps extends NoticeContext {
  db: Db;
}

/** What a run did: the visits it acted on and the e-mails it queued. */
export interface JobOutcome {
  visits: number;
  mails: number;
}

/**
 * Visits claimed per transaction (their e-mails are written in it). Small: the claimed rows stay
 * locked while their messages are made (a QR code is about 8 ms), and a check-out of one of them
 * waits for that.
 */
const NOTICE_BATCH = 20;
/** Visits changed per statement by the jobs that send nothing. */
const STATE_BATCH = 500;
/** A run stops after this many full batches; the next run goes on. */
const MAX_BATCHES = 50;

/** Logos that mail clients show; a BMP logo is left out of e-mails. */
const mailableLogos = new Set(['image/png', 'image/jpeg', 'image/gif']);

/** The columns of a building its notices are written from (see noticeRows). */
export type NoticeBuildingRow = Pick<
  NoticeRow,
  | 'building_id'
  | 'tenant_id'
  | 'building_name'
  | 'qr_code_key'
  | 'address1'
  | 'address2'
  | 'city'
  | 'state'
  | 'zip'
  | 'settings'
  | 'logo_type'
>;

export function buildingOf(row: NoticeBuildingRow): NoticeBuilding {
  const settings = { ...newBuildingSettings(), ...(row.settings ?? {}) };
  const address = [row.address1, row.address2, row.city, row.state, row.zip]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  return {
    id: row.building_id,
    tenantId: row.tenant_id,
    name: row.building_name,
    qrCodeKey: row.qr_code_key,
    address: address === '' ? null : address,
    timeZoneId: settings.timeZoneId,
    senderEmail: settings.senderEmail,
    defaultLocale: settings.defaultLocale,
    hasLogo: settings.appendLogo && row.logo_type !== null && mailableLogos.has(row.logo_type),
    appendQrCode: settings.appendQrCode,
    senderPhone: settings.senderPhone,
    formats: knownFormats(settings),
    hostNoticeWaitText: settings.hostNoticeWaitText ?? '',
  };
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

function visitOf(row: NoticeRow): NoticeVisit {
  const host = hostRecordOf(row)?.name;
  return {
    id: row.id,
    publicIdentifier: row.public_identifier,
    identifier: row.identifier,
    pin: row.pin,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email?.trim() || null,
    companyName: row.company_name,
    visitorType: row.visitor_type,
    locale: row.locale,
    scheduledAt: dateOf(row.scheduled_at),
    scheduledDuration: row.scheduled_duration,
    checkedInAt: dateOf(row.checked_in_at),
    invitationSequence: row.invitation_sequence,
    // The visitor holds an older version (its time or length changed since): "Changed". A
    // version sent again as it was (staff's resend) is the invitation itself.
    invitationSentBefore:
      row.invitation_sent_sequence !== null && row.invitation_sent_sequence < row.invitation_sequence,
    hostName: host ?? (row.host?.trim() || null),
  };
}

/** The visit's host as its record holds them: the person of the directory, or the user. */
function hostRecordOf(row: NoticeRow): HostRecord | null {
  const personName = fullName(row.host_first_name, row.host_last_name);
  if (personName !== null) {
    return {
      name: personName,
      email: row.host_email,
      locale: row.host_locale,
      hostNotice: row.host_notice ?? 'EMAIL',
      phone: row.host_phone,
      inactive: row.host_deactivated === true,
    };
  }
  const userName = fullName(row.host_user_first_name, row.host_user_last_name);
  if (userName !== null) {
    return {
      name: userName,
      email: row.host_user_email,
      locale: row.host_user_locale,
      hostNotice: row.host_user_notice ?? 'EMAIL',
      phone: row.host_user_phone,
      inactive: row.host_user_blocked === true,
    };
  }
  return null;
}

/** The host the reminders and the cancellation write to; a deactivated or blocked one is no longer written to. */
function hostOf(row: NoticeRow): NoticeHost | null {
  const host = hostRecordOf(row);
  if (host === null) return null;
  return {
    name: host.name,
    email: host.inactive ? null : host.email?.trim() || null,
    locale: host.locale ?? 'en',
  };
}

type Compose = (row: NoticeRow) => Promise<OutgoingMail[]> | OutgoingMail[];

/**
 * Claims due visits a batch at a time and writes their e-mails, each batch in one transaction;
 * `settle` then records what sending them changes besides the claim's "sent at".
 */
async function noticeJob(
  deps: LifecycleDeps,
  now: Date,
  claim: (db: Db, now: Date, limit: number) => Promise<string[]>,
  compose: Compose,
  settle?: (db: Db, ids: string[]) => Promise<void>,
): Promise<JobOutcome> {
  const outcome: JobOutcome = { visits: 0, mails: 0 };
  for (let round = 0; round < MAX_BATCHES; round++) {
    const batch = await deps.db.transaction().execute(async (trx) => {
      const ids = await claim(trx, now, NOTICE_BATCH);
      if (ids.length === 0) return { visits: 0, mails: 0 };
      let mails = 0;
      for (const row of await noticeRows(trx, ids)) {
        for (const mail of await compose(row)) {
          await enqueueMail(trx, uuidv7(), { ...mail, about: { entity: 'visit', id: row.id } });
          mails++;
        }
      }
      await settle?.(trx, ids);
      return { visits: ids.length, mails };
    });
    outcome.visits += batch.visits;
    outcome.mails += batch.mails;
    if (batch.visits < NOTICE_BATCH) break;
  }
  return outcome;
}

/**
 * Sends each invitation once per version: to the visitor, with its QR code, its .ics and its
 * links; again, as an update with a higher SEQUENCE, when its time or length changes.
 */
export function sendInvitations(deps: LifecycleDeps, now: Date): Promise<JobOutcome> {
  return noticeJob(
    deps,
    now,
    claimInvitations,
    async (row) => {
      const visit = visitOf(row);
      if (!visit.email) return [];
      return [await invitationMail(deps, buildingOf(row), { ...visit, email: visit.email }, hostOf(row))];
    },
    recordInvitationsSent,
  );
}

/**
 * Tells once of each cancelled visit whose invitation was sent: the visitor (a calendar file that
 * withdraws the event) and the host.
 */
export function sendCancellations(deps: LifecycleDeps, now: Date): Promise<JobOutcome> {
  return noticeJob(deps, now, claimCancellations, (row) =>
    cancellationMails(deps, buildingOf(row), visitOf(row), hostOf(row)),
  );
}

/**
 * Tells each host once that their visitor checked in, whatever the path (a kiosk online or synced
 * later, a phone, the desk, an invitation checked in): the shared rule (`arrivalNoticeTo`) decides
 * who is told and by which channel (docs/host-notifications.md); a visit is claimed once even when
 * nobody is.
 */
export function notifyHostsOfCheckIns(deps: LifecycleDeps, now: Date): Promise<JobOutcome> {
  return noticeJob(deps, now, claimHostNotices, (row) => {
    const visit = visitOf(row);
    const host = arrivalNoticeTo(visit, hostRecordOf(row), now);
    if (!visit.checkedInAt || !host) return [];
    return [
      hostArrivalNotice(buildingOf(row), { ...visit, checkedInAt: visit.checkedInAt }, host, {
        withPhoto: row.has_photo,
      }),
    ];
  });
}

/** The start reminders due, to the visitor and the host. */
export function sendStartReminders(deps: LifecycleDeps, now: Date): Promise<JobOutcome> {
  return noticeJob(deps, now, claimStartReminders, (row) => {
    const visit = visitOf(row);
    if (!visit.scheduledAt) return [];
    return startReminderMails(deps, buildingOf(row), { ...visit, scheduledAt: visit.scheduledAt }, hostOf(row));
  });
}

/** The end reminders due, to the visitor and the host. */
export function sendEndReminders(deps: LifecycleDeps, now: Date): Promise<JobOutcome> {
  return noticeJob(deps, now, claimEndReminders, (row) =>
    endReminderMails(deps, buildingOf(row), visitOf(row), hostOf(row)),
  );
}

/** The overdue alerts due (buildings with meeting alerts on), to the host or else the building's senders. */
export function sendOverdueAlerts(deps: LifecycleDeps, now: Date): Promise<JobOutcome> {
  return noticeJob(deps, now, claimOverdueAlerts, (row) => {
    const visit = visitOf(row);
    if (!visit.checkedInAt) return [];
    return overdueAlertMails(buildingOf(row), { ...visit, checkedInAt: visit.checkedInAt }, hostOf(row));
  });
}

/**
 * Checks out the visits past their building's automatic check-out, each batch audited in its
 * transaction with the automatic rule as the actor; answers them (for live updates).
 */
export async function autoCheckOutDue(deps: { db: Db }, now: Date): Promise<AutoCheckedOut[]> {
  const done: AutoCheckedOut[] = [];
  for (let round = 0; round < MAX_BATCHES; round++) {
    const batch = await deps.db.transaction().execute(async (trx) => {
      const rows = await autoCheckOut(trx, now, STATE_BATCH);
      await auditAll(
        trx,
        automaticActor,
        rows.map((row) => ({
          tenantId: row.tenant_id,
          action: 'MEETING_CHECKED_OUT',
          entity: 'visit',
          entityId: row.id,
          after: { checkedOutAt: new Date(row.checked_out_at).toISOString(), checkoutMethod: row.checkout_method },
        })),
      );
      return rows;
    });
    done.push(...batch);
    if (batch.length < STATE_BATCH) break;
  }
  return done;
}

/** Marks expired the visits never checked in past their end, and those whose answers lapsed. */
export async function expireVisits(deps: { db: Db }, now: Date): Promise<{ scheduled: number; answers: number }> {
  const counts = { scheduled: 0, answers: 0 };
  for (const [key, expire] of [
    ['scheduled', expireScheduled],
    ['answers', expireLapsedAnswers],
  ] as const) {
    for (let round = 0; round < MAX_BATCHES; round++) {
      const changed = await expire(deps.db, now, STATE_BATCH);
      counts[key] += changed;
      if (changed < STATE_BATCH) break;
    }
  }
  return counts;
}
