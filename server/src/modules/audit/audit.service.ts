// The audit log (issue 11): every change to accounts, companies, buildings, questionnaires and
// kiosk devices, and every sign-in event, written in the transaction of the change it records,
// never changed afterwards (a trigger refuses UPDATE and DELETE). No secret ever enters it.
import type { Db } from '../../db/database.ts';
import { insertAuditRow } from './audit.repo.ts';

/** Who acts: the person at the keyboard, the user they act as during an impersonation, from where. */
export interface AuditActor {
  userId: string | null;
  username: string | null;
  /** The impersonated user, when an administrator acts as someone else. */
  actingAsId: string | null;
  clientIp: string | null;
}

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

function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, secret.test(key) ? '[hidden]' : redacted(inner)]),
  );
}

/** Records one change or event; `db` is the transaction of the change (or the pool for an event). */
export async function audit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await insertAuditRow(db, {
    tenantId: entry.tenantId,
    actorId: actor.userId,
    actorUsername: actor.username,
    actingAsId: actor.actingAsId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ? (redacted(entry.before) as Record<string, unknown>) : null,
    after: entry.after ? (redacted(entry.after) as Record<string, unknown>) : null,
    clientIp: actor.clientIp,
  });
}
