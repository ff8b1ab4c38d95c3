import type { ApiClient } from '@vestibule/shared/api';
import { refreshVisits } from './configCache.ts';
import type { KioskDb } from './kioskDb.ts';
import { pageKioskClient } from './kioskClient.ts';

/**
 * Lets in or refuses a visitor the watchlist holds at the door, from the staff screen with the
 * building's PIN (docs/watchlist.md, "Deciding a held visitor"). Needs the network: the server
 * decides and tells the host. The device's copy follows at once, then the day's list is read
 * again. Throws ApiError on a refusal (VISIT_NOT_HELD: another member of staff decided first).
 */
export async function decideHeldVisitor(
  db: KioskDb,
  qrCodeKey: string,
  decision: { visitId: string; approve: boolean; pin: string },
  client: ApiClient = pageKioskClient(),
): Promise<void> {
  await client.call('POST /sync/held/:qrCodeKey', { params: { qrCodeKey }, body: decision, timeoutMs: 15_000 });
  await db.visits.update(
    decision.visitId,
    decision.approve
      ? { watch: undefined, checkedInAt: new Date().toISOString(), allowed: true }
      : { watch: 'REFUSED', allowed: false },
  );
  await refreshVisits(db, qrCodeKey, client).catch(() => undefined);
}
