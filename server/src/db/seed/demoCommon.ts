import { newBuildingSettings } from '@vestibule/shared';
import type { Db } from '../database.ts';

// What the parts of the demo data share: Demo HQ as they find it, and their run-once markers.

/** Where the demo buildings' host notices say a visitor waits. */
export const DEMO_WAIT_TEXT = 'in the lobby, by the front desk on the ground floor';

/** Demo Corp's Demo HQ with its clock, or null when it is gone. */
export async function demoHq(db: Db): Promise<{ id: string; tenantId: string; timeZoneId: string } | null> {
  const building = await db
    .selectFrom('buildings')
    .innerJoin('tenants', 'tenants.id', 'buildings.tenant_id')
    .select(['buildings.id', 'buildings.tenant_id', 'buildings.settings'])
    .where('buildings.name', '=', 'Demo HQ')
    .where('tenants.name', '=', 'Demo Corp')
    .executeTakeFirst();
  if (!building) return null;
  const settings = (building.settings ?? {}) as { timeZoneId?: string };
  return {
    id: building.id,
    tenantId: building.tenant_id,
    timeZoneId: settings.timeZoneId || newBuildingSettings().timeZoneId,
  };
}

/**
 * Claims a part of the demo data for this run: true when its marker row was written now (in the
 * caller's transaction, so the part and its marker are written together), false when an earlier
 * start wrote it.
 */
export async function claimDemoMarker(db: Db, key: string, value: string): Promise<boolean> {
  const marker = await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return marker !== undefined;
}
