import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// A building as its public links reach it: by its check-in key (`qr_code_key`, 128-bit random,
// never its id), with what a check-in, an identification and a kiosk's configuration read of it.

export function findBuildingByKey(db: Db, qrCodeKey: string) {
  return db
    .selectFrom('buildings')
    .select([
      'id',
      'tenant_id',
      'name',
      'qr_code_key',
      'mobile_token',
      'devices_ids',
      'devices_success_text',
      'devices_attention_text',
      'check_in_logo_version',
      'settings',
      'check_in_forms',
      'pin_code',
      sql<string>`config_version::text`.as('config_version'),
      // The company's privacy notice in force (docs/privacy.md): a check-in records the version shown.
      sql<
        number | null
      >`(select max(version) from privacy_notices where privacy_notices.tenant_id = buildings.tenant_id)`.as(
        'privacy_notice_version',
      ),
    ])
    .where('qr_code_key', '=', qrCodeKey)
    .executeTakeFirst();
}

export type KeyedBuilding = NonNullable<Awaited<ReturnType<typeof findBuildingByKey>>>;

/** A building's configuration version (undefined once it is deleted). */
export async function configVersionOf(db: Db, buildingId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('buildings')
    .select(sql<string>`config_version::text`.as('version'))
    .where('id', '=', buildingId)
    .executeTakeFirst();
  return row?.version;
}

/** The settings of a visit's building (a visit names its building by id). */
export function findBuildingSettings(db: Db, buildingId: string) {
  return db.selectFrom('buildings').select('settings').where('id', '=', buildingId).executeTakeFirstOrThrow();
}
