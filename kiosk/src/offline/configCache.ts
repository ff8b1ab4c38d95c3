import type { ApiClient } from '@vestibule/shared/api';
import type { KioskDb, LocalVisit } from './kioskDb.ts';
import { pageKioskClient } from './kioskClient.ts';
import { markResolved } from './outbox.ts';

/**
 * Fetches the building's kiosk configuration with If-None-Match and stores it with its version
 * in one transaction. 304: only the time it was confirmed changes. Throws on a network fault
 * or a refusal (ApiError with the server's errorCode); the cached copy stays.
 */
export async function refreshConfig(
  db: KioskDb,
  qrCodeKey: string,
  client: ApiClient = pageKioskClient(),
): Promise<'updated' | 'unchanged'> {
  const cached = await db.config.get(qrCodeKey);
  // The server's ETag is the configuration's version in quotes.
  const answer = await client.callIfChanged('GET /sync/config/:qrCodeKey', cached ? `"${cached.version}"` : null, {
    params: { qrCodeKey },
  });
  const cachedAt = new Date().toISOString();
  if (answer.notModified) {
    await db.config.update(qrCodeKey, { cachedAt });
    return 'unchanged';
  }
  const { data } = answer;
  await db.transaction('rw', db.config, async () => {
    await db.config.put({ qrCodeKey, version: data.version, data, cachedAt });
  });
  return 'updated';
}

/**
 * The watchlist's word on a visit (docs/watchlist.md): held while the server's list says so (the
 * staff screen lists it); else the word on a check-in made here (its push's answer or the
 * device's own list) while the server's list still has it not in.
 */
function watchOf(visit: LocalVisit | undefined, listed: { checkedInAt: string | null; held?: boolean | undefined }) {
  const watchedAt = visit?.watchedAt ? { watchedAt: visit.watchedAt } : {};
  if (listed.held) return { watch: 'HELD' as const, ...watchedAt };
  return visit?.watch && listed.checkedInAt === null ? { watch: visit.watch, ...watchedAt } : {};
}

/**
 * Today's present, expected and held visits of the building, for check-out and QR scans offline.
 * Replaces the previous list in one transaction; a visit this device made or checked out and
 * has not synced yet keeps what the device knows.
 */
export async function refreshVisits(
  db: KioskDb,
  qrCodeKey: string,
  client: ApiClient = pageKioskClient(),
): Promise<number> {
  const list = await client.call('GET /sync/visits/:qrCodeKey', { params: { qrCodeKey } });
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
      // Staff decided on a visitor held here (refused, or let in and gone since): no longer held.
      if (visit.source === 'device' && visit.watch === 'HELD') await db.visits.update(visit.id, { watch: undefined });
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
        // An invitation's PIN, from the list (an expected visit) or as the device learnt it.
        pin: known.get(visit.id)?.pin ?? visit.pin ?? null,
        publicIdentifier: visit.publicIdentifier,
        scheduledAt: visit.scheduledAt,
        // A server older than this kiosk build leaves these out.
        scheduledDuration: visit.scheduledDuration ?? null,
        host: visit.host ?? null,
        companyName: visit.companyName ?? null,
        checkInForm: visit.checkInForm ?? null,
        source: known.get(visit.id)?.source ?? 'server',
        ...watchOf(known.get(visit.id), visit),
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
export async function refreshResolutions(db: KioskDb, qrCodeKey: string, client: ApiClient = pageKioskClient()) {
  const deviceId = (await db.meta.get('deviceId'))?.value;
  if (!deviceId) return;
  const { rejected } = await client.call('GET /sync/device/:deviceId', {
    params: { deviceId },
    query: { qrCodeKey },
  });
  await markResolved(db, rejected);
}
