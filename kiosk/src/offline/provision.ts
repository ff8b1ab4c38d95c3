import type { KioskDb } from './kioskDb.ts';
import { deviceIdOf } from './outbox.ts';

/**
 * Makes this browser the kiosk of a building: its stable device id (IndexedDB, never per tab),
 * the building it serves, and persistent storage so the browser does not evict the outbox
 * under storage pressure. Reprovisioning for another building keeps every unsynced entry.
 */
export async function provisionKiosk(
  db: KioskDb,
  qrCodeKey: string,
): Promise<{ deviceId: string; persisted: boolean }> {
  const deviceId = await deviceIdOf(db);
  await db.meta.put({ key: 'qrCodeKey', value: qrCodeKey });
  const persisted = await requestPersistence();
  await db.meta.put({ key: 'persisted', value: String(persisted) });
  return { deviceId, persisted };
}

async function requestPersistence(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  try {
    return (await storage.persisted()) || (await storage.persist());
  } catch {
    return false;
  }
}

/** The building this kiosk was provisioned for, if any (the installed app starts there). */
export async function provisionedKey(db: KioskDb): Promise<string | null> {
  return (await db.meta.get('qrCodeKey'))?.value ?? null;
}
