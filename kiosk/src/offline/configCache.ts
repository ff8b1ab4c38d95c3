import { SERVICE_BASE, isErrorCode } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { type CallOutput, type Contract, pathOf } from '@vestibule/shared/contract';
import type { KioskDb, LocalVisit } from './kioskDb.ts';
import { markResolved } from './outbox.ts';
import type { KioskConfig } from './kioskConfig.ts';
import { kioskFetch } from './credential.ts';

type Fetch = typeof fetch;
const FETCH_TIMEOUT_MS = 30_000;
const defaultFetch: Fetch = kioskFetch;

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { errorCode?: string; msg?: string } | null;
  const errorCode = isErrorCode(body?.errorCode) ? body.errorCode : 'SERVER_CONNECTION_ERROR';
  return new ApiError(response.status, errorCode, body?.msg ?? response.statusText);
}

/**
 * Fetches the building's kiosk configuration with If-None-Match and stores it with its version
 * in one transaction. 304: only the time it was confirmed changes. Throws on a network fault
 * (TypeError) or a refusal (ApiError with the server's errorCode); the cached copy stays.
 */
export async function refreshConfig(
  db: KioskDb,
  qrCodeKey: string,
  fetchImpl: Fetch = defaultFetch,
): Promise<'updated' | 'unchanged'> {
  const cached = await db.config.get(qrCodeKey);
  const response = await fetchImpl(`${SERVICE_BASE}${pathOf('GET /sync/config/:qrCodeKey', { qrCodeKey })}`, {
    headers: { accept: 'application/json', ...(cached ? { 'if-none-match': `"${cached.version}"` } : {}) },
    cache: 'no-store',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  const cachedAt = new Date().toISOString();
  if (response.status === 304 && cached) {
    await db.config.update(qrCodeKey, { cachedAt });
    return 'unchanged';
  }
  if (!response.ok) throw await failure(response);
  const data = (await response.json()) as KioskConfig;
  await db.transaction('rw', db.config, async () => {
    await db.config.put({ qrCodeKey, version: data.version, data, cachedAt });
  });
  return 'updated';
}

type ServerVisit = Omit<
  CallOutput<Contract['GET /sync/visits/:qrCodeKey']>[number],
  'scheduledDuration' | 'host' | 'companyName'
> & {
  /** Absent from servers older than this kiosk build. */
  scheduledDuration?: string | null;
  host?: string | null;
  companyName?: string | null;
};

/**
 * Today's present and expected visits of the building, for check-out and QR scans offline.
 * Replaces the previous list in one transaction; a visit this device made or checked out and
 * has not synced yet keeps what the device knows.
 */
export async function refreshVisits(db: KioskDb, qrCodeKey: string, fetchImpl: Fetch = defaultFetch): Promise<number> {
  const response = await fetchImpl(`${SERVICE_BASE}${pathOf('GET /sync/visits/:qrCodeKey', { qrCodeKey })}`, {
    headers: { accept: 'application/json' },
    cache: 'no-store',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw await failure(response);
  const list = (await response.json()) as ServerVisit[];
  await db.transaction('rw', [db.visits, db.outbox, db.meta], async () => {
    const unsynced = new Set(
      (await db.outbox.where('status').equals('pending').toArray()).map((entry) => entry.visitId),
    );
    const known = new Map((await db.visits.where('qrCodeKey').equals(qrCodeKey).toArray()).map((v) => [v.id, v]));
    const fresh = new Set(list.map((visit) => visit.id));
    const gone = [...known.values()].filter((visit) => !fresh.has(visit.id) && !unsynced.has(visit.id));
    // Today's list no longer has them: checked out elsewhere (the administration, a phone) or
    // over. A visit from the list goes; one made here stays (it keeps its PIN) but is closed.
    await db.visits.bulkDelete(gone.filter((visit) => visit.source === 'server').map((visit) => visit.id));
    const closedAt = new Date().toISOString();
    for (const visit of gone) {
      if (visit.source === 'device' && visit.checkedInAt && !visit.checkedOutAt)
        await db.visits.update(visit.id, { checkedOutAt: closedAt });
    }
    const rows: LocalVisit[] = list
      .filter((visit) => !unsynced.has(visit.id))
      .map((visit) => ({
        id: visit.id,
        qrCodeKey,
        visitorType: visit.visitorType,
        firstName: visit.firstName,
        lastName: visit.lastName,
        checkedInAt: visit.checkedInAt,
        checkedOutAt: null,
        identifier: visit.identifier,
        pin: known.get(visit.id)?.pin ?? null,
        publicIdentifier: visit.publicIdentifier,
        scheduledAt: visit.scheduledAt,
        scheduledDuration: visit.scheduledDuration ?? null,
        host: visit.host ?? null,
        companyName: visit.companyName ?? null,
        source: known.get(visit.id)?.source ?? 'server',
      }));
    await db.visits.bulkPut(rows);
    await db.meta.put({ key: 'visitsFetchedAt', value: new Date().toISOString() });
  });
  return list.length;
}

/**
 * Learns from the server which of this kiosk's refused entries staff resolved in the
 * administration (GET /service/sync/device/{deviceId}); the staff screen then stops listing them.
 */
export async function refreshResolutions(db: KioskDb, qrCodeKey: string, fetchImpl: Fetch = defaultFetch) {
  const deviceId = (await db.meta.get('deviceId'))?.value;
  if (!deviceId) return;
  const response = await fetchImpl(
    `${SERVICE_BASE}${pathOf('GET /sync/device/:deviceId', { deviceId })}?qrCodeKey=${encodeURIComponent(qrCodeKey)}`,
    { headers: { accept: 'application/json' }, cache: 'no-store', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) },
  );
  if (!response.ok) throw await failure(response);
  const { rejected } = (await response.json()) as CallOutput<Contract['GET /sync/device/:deviceId']>;
  await markResolved(db, rejected);
}
