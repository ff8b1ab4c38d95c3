// The audit log: every change to accounts, companies, buildings, questionnaires and
// kiosk devices, and every sign-in event, written in the transaction of the change it records,
// never changed afterwards (a trigger refuses UPDATE and DELETE). No secret ever enters it.
import {
  type AuditChannel,
  type AuditEntry as AuditLogEntry,
  type AuditLogFilter,
  CSV_BOM,
  type Locale,
  csvRow,
} from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import {
  type AuditFilter,
  type AuditLogRow,
  type AuditRow,
  countAuditRows,
  insertAuditRows,
  listAuditRows,
} from './audit.repo.ts';

/**
 * Who acts: the person at the keyboard, the user they act as during an impersonation, from where;
 * or, when no user acts, the channel (a visitor's own device, a kiosk, the automatic rules) and
 * the device that acted.
 */
export interface AuditActor {
  userId: string | null;
  username: string | null;
  /** The impersonated user, when an administrator acts as someone else. */
  actingAsId: string | null;
  clientIp: string | null;
  channel?: AuditChannel | null;
  deviceId?: string | null;
}

/** A channel as the actor: a visitor's own device or a kiosk (with its device), from where. */
export function channelActor(
  channel: AuditChannel,
  from: { clientIp: string | null; deviceId?: string | null },
): AuditActor {
  return {
    userId: null,
    username: null,
    actingAsId: null,
    clientIp: from.clientIp,
    channel,
    deviceId: from.deviceId ?? null,
  };
}

/** The building's automatic rules as the actor (the automatic check-out). */
export const automaticActor: AuditActor = {
  userId: null,
  username: null,
  actingAsId: null,
  clientIp: null,
  channel: 'AUTOMATIC',
};

export interface AuditEntry {
  tenantId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Keys whose values never enter the log, at any depth: passwords, hashes, tokens, PINs. */
const secret = /password|hash|token|secret|pin|credential/i;
/**
 * Keys the pattern above names that hold no secret: when a token changes, whether a PIN is
 * asked, whether a camera has a password and that a new one was given.
 */
const notSecret = new Set([
  'mobileTokenChangeDays',
  'mobileTokenNextRefreshAt',
  'pinIdentificationMethodType',
  'hasPassword',
  'passwordReplaced',
  'clientSecretReplaced',
]);

function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      secret.test(key) && !notSecret.has(key) ? '[hidden]' : redacted(inner),
    ]),
  );
}

/** Records one change or event; `db` is the transaction of the change (or the pool for an event). */
export function audit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  return auditAll(db, actor, [entry]);
}

/** Records several changes of one actor in one statement (a job's batch), in the transaction of the changes. */
export function auditAll(db: Db, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  return auditEach(
    db,
    entries.map((entry) => ({ actor, entry })),
  );
}

/** What is told of each change as it is recorded, in the change's own transaction. */
export type AuditListener = (db: Db, changes: readonly { actor: AuditActor; entry: AuditEntry }[]) => Promise<void>;
const listeners = new Set<AuditListener>();

/**
 * Tells `listener` of every change recorded from now on, in the change's transaction: every
 * change is audited, so what follows a change (the webhooks' outbox, docs/webhooks.md) is
 * written with it or not at all.
 */
export function onAudited(listener: AuditListener): void {
  listeners.add(listener);
}

/**
 * Tells the listeners, one by one, of changes that a single summary row records (a directory
 * import of thousands of people), in the transaction of the changes, as if each were audited.
 */
export async function announceEach(db: Db, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const changes = entries.map((entry) => ({ actor, entry }));
  for (const listener of listeners) await listener(db, changes);
}

/** Records changes of several actors in one statement (a kiosk's pushed batch), in the transaction of the changes. */
export async function auditEach(db: Db, changes: readonly { actor: AuditActor; entry: AuditEntry }[]): Promise<void> {
  await insertAuditRows(
    db,
    changes.map(({ actor, entry }) => rowOf(actor, entry)),
  );
  for (const listener of listeners) await listener(db, changes);
}

function rowOf(actor: AuditActor, entry: AuditEntry): AuditRow {
  return {
    tenantId: entry.tenantId,
    actorId: actor.userId,
    actorUsername: actor.username,
    actingAsId: actor.actingAsId,
    actorChannel: actor.channel ?? null,
    actorDeviceId: actor.deviceId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ? (redacted(entry.before) as Record<string, unknown>) : null,
    after: entry.after ? (redacted(entry.after) as Record<string, unknown>) : null,
    clientIp: actor.clientIp,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields a change touched, as they were and as they became: nested objects (a building's
 * check-in forms) down to the fields that differ, lists whole. Null on both sides when nothing
 * changed. Values are redacted by `audit` as always.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [old, now] = [before[key], after[key]];
    if (same(old, now)) continue;
    if (isRecord(old) && isRecord(now)) {
      const inner = changedFields(old, now);
      was[key] = inner.before;
      is[key] = inner.after;
    } else {
      was[key] = old ?? null;
      is[key] = now ?? null;
    }
  }
  return Object.keys(is).length === 0 ? { before: null, after: null } : { before: was, after: is };
}

// Reading the log (administrators, the Logs screen).

const DAY_MS = 86_400_000;
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** A filter's moment: a day starts at its midnight UTC; `end` moves a day to the next one's start. */
export function momentOf(text: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (!text) return undefined;
  const day = isDay(text);
  const moment = new Date(day ? `${text}T00:00:00.000Z` : text);
  // 2026-02-30 passes the pattern and is no day: the same refusal as any other bad filter.
  if (Number.isNaN(moment.getTime()) || (day && moment.toISOString().slice(0, 10) !== text)) {
    throw new AppError('VALIDATION_FAILED', { field });
  }
  return field === 'to' && day ? new Date(moment.getTime() + DAY_MS) : moment;
}

function filterOf(query: AuditLogFilter): AuditFilter {
  return {
    from: momentOf(query.from, 'from'),
    to: momentOf(query.to, 'to'),
    user: query.user || undefined,
    action: query.action || undefined,
    entity: query.entity || undefined,
    entityId: query.entityId || undefined,
    tenantId: query.tenantId,
  };
}

export function toEntry(row: AuditLogRow): AuditLogEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    tenantId: row.tenant_id,
    actorId: row.actor_id,
    actorUsername: row.actor_name,
    actorChannel: row.actor_channel,
    actorDeviceId: row.actor_device_id,
    actorDeviceName: row.actor_device_name,
    actingAsId: row.acting_as_id,
    actingAsUsername: row.acting_as_username,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    before: row.before,
    after: row.after,
    clientIp: row.client_ip,
  };
}

/** One page of the log, newest first, with the number of rows the filters match. */
export async function auditLogPage(
  ctx: ServerContext,
  query: AuditLogFilter & { page?: number | undefined; limit?: number | undefined },
) {
  const filter = filterOf(query);
  const limit = query.limit ?? 25;
  const page = query.page ?? 1;
  const [rows, total] = await Promise.all([
    listAuditRows(ctx.db, filter, { offset: (page - 1) * limit, limit }),
    countAuditRows(ctx.db, filter),
  ]);
  return { docs: rows.map(toEntry), totalDocs: total };
}

/**
 * audit.csv: the filtered log, newest first, written page by page (each page follows the last
 * row of the one before, so rows written meanwhile neither repeat nor push any out).
 */
export function auditCsv(ctx: ServerContext, query: AuditLogFilter, locale: Locale): AsyncGenerator<string> {
  // Checked before the answer starts: a bad filter is a 400, not a broken file.
  const filter = filterOf(query);
  return auditCsvRows(ctx, filter, locale);
}

async function* auditCsvRows(ctx: ServerContext, filter: AuditFilter, locale: Locale): AsyncGenerator<string> {
  const t = (key: string) => translate(locale, `logs.audit.${key}`);
  const columns = ['when', 'who', 'actingAs', 'action', 'entity', 'entityId', 'tenant', 'clientIp', 'before', 'after'];
  // A channel that acted is named in words, with its device.
  const who = (row: AuditLogRow) =>
    row.actor_channel
      ? [t(`channels.${row.actor_channel}`), row.actor_device_name ?? row.actor_device_id].filter(Boolean).join(' ')
      : (row.actor_name ?? row.actor_id);
  yield CSV_BOM + csvRow(columns.map(t));
  const json = (value: Record<string, unknown> | null) => (value === null ? null : JSON.stringify(value));
  const pageSize = 500;
  let afterId: string | undefined;
  for (;;) {
    const rows = await listAuditRows(ctx.db, filter, { limit: pageSize, afterId });
    for (const row of rows) {
      yield csvRow([
        new Date(row.at).toISOString(),
        who(row),
        row.acting_as_username ?? row.acting_as_id,
        row.action,
        row.entity,
        row.entity_id,
        row.tenant_id,
        row.client_ip,
        json(row.before),
        json(row.after),
      ]);
    }
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    afterId = last.id;
  }
}
