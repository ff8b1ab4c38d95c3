// The history of one object of the caller's company, as one time-ordered list: the audit rows
// about it, the e-mails about it with their delivery state, the kiosk entries naming it (a visit),
// made by it (a kiosk) or in it (a building), and the moments the lifecycle jobs marked on it (a
// visit's notices and expiry; the automatic check-out is an audit row of the automatic rule).
// Another company's object, or none, answers 404. Nothing secret: audit rows are already masked,
// e-mails are listed by recipient, subject and state, never their body or links.
import {
  HISTORY_KIND_CAP,
  type History,
  type HistoryItem,
  type HistoryJobMoment,
  type HistoryType,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { listAuditRows } from '../audit/audit.repo.ts';
import { toEntry } from '../audit/audit.service.ts';
import { mailsAbout, syncEntriesOf, tenantOfObject, visitJobMarks } from './history.repo.ts';

/** The audit log's entity for each kind of object. */
const auditEntityOf: Record<HistoryType, string> = {
  visit: 'visit',
  person: 'person',
  user: 'user',
  building: 'building',
  kiosk: 'device',
};

const iso = (value: Date | string) => new Date(value).toISOString();

const jobColumns: [HistoryJobMoment, keyof NonNullable<Awaited<ReturnType<typeof visitJobMarks>>>][] = [
  ['invitationSent', 'invitation_sent_at'],
  ['hostNotified', 'host_notified_at'],
  ['startReminderSent', 'start_reminder_sent_at'],
  ['endReminderSent', 'end_reminder_sent_at'],
  ['overdueAlertSent', 'overdue_alert_sent_at'],
  ['cancellationSent', 'cancellation_sent_at'],
  ['expired', 'expired_at'],
];

export async function historyOf(ctx: ServerContext, tenantId: string, type: HistoryType, id: string): Promise<History> {
  const owner = await tenantOfObject(ctx.db, type, id);
  if (owner !== tenantId) throw notFound();
  const cap = HISTORY_KIND_CAP;
  let truncated = false;
  const items: HistoryItem[] = [];

  const audit = await listAuditRows(ctx.db, { entity: auditEntityOf[type], entityId: id }, { limit: cap + 1 });
  truncated ||= audit.length > cap;
  for (const row of audit.slice(0, cap)) items.push({ kind: 'audit', at: iso(row.at), audit: toEntry(row) });

  if (type === 'visit' || type === 'person' || type === 'user') {
    const mails = await mailsAbout(ctx.db, type, id, cap + 1);
    truncated ||= mails.length > cap;
    for (const row of mails.slice(0, cap)) {
      items.push({
        kind: 'mail',
        at: iso(row.created_at),
        mail: {
          id: row.id,
          to: row.to_address,
          subject: row.subject,
          status: row.status,
          attempts: row.attempts,
          lastError: row.last_error,
          sentAt: row.sent_at ? iso(row.sent_at) : null,
        },
      });
    }
  }

  const syncBy =
    type === 'visit'
      ? { visitId: id }
      : type === 'kiosk'
        ? { deviceId: id }
        : type === 'building'
          ? { buildingId: id }
          : undefined;
  if (syncBy) {
    const entries = await syncEntriesOf(ctx.db, tenantId, syncBy, cap + 1);
    truncated ||= entries.length > cap;
    for (const row of entries.slice(0, cap)) {
      items.push({
        kind: 'sync',
        at: iso(row.received_at),
        sync: {
          deviceId: row.device_id,
          mutationId: row.mutation_id,
          type: row.type,
          outcome: row.outcome,
          errorCode: row.error_code,
          review: row.review,
          occurredAt: iso(row.occurred_at),
          visitId: row.visit_id,
        },
      });
    }
  }

  if (type === 'visit') {
    const marks = await visitJobMarks(ctx.db, id);
    for (const [job, column] of jobColumns) {
      const at = marks?.[column];
      if (at) items.push({ kind: 'job', at: iso(at), job });
    }
  }

  // Oldest first; at the same moment, the order the kinds were read in (a stable sort).
  items.sort((a, b) => a.at.localeCompare(b.at));
  return { type, id, items, truncated };
}
