import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export async function insertEnrolment(
  db: Db,
  enrolment: {
    codeHash: string;
    tenantId: string;
    buildingId: string;
    name: string;
    createdBy: string | null;
    minutes: number;
  },
): Promise<Date> {
  const row = await db
    .insertInto('kiosk_enrolments')
    .values({
      code_hash: enrolment.codeHash,
      tenant_id: enrolment.tenantId,
      building_id: enrolment.buildingId,
      name: enrolment.name,
      created_by: enrolment.createdBy,
      expires_at: sql<Date>`now() + make_interval(mins => ${enrolment.minutes})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/** Marks an unused, unexpired code used by this device; answers its building, or undefined. */
export function consumeEnrolment(db: Db, codeHash: string, deviceId: string) {
  return db
    .updateTable('kiosk_enrolments')
    .set({ used_at: sql<Date>`now()`, device_id: deviceId })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['tenant_id', 'building_id', 'name'])
    .executeTakeFirst();
}

export function findBuildingRef(db: Db, buildingId: string) {
  return db
    .selectFrom('buildings')
    .select(['id', 'name', 'qr_code_key'])
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
}

export function findDeviceTenant(db: Db, deviceId: string) {
  return db.selectFrom('kiosk_devices').select('tenant_id').where('device_id', '=', deviceId).executeTakeFirst();
}

/** The device becomes (again) an enrolled kiosk of the building, with a new credential. */
export async function enrolDevice(
  db: Db,
  device: {
    deviceId: string;
    tenantId: string;
    buildingId: string;
    name: string;
    credentialHash: string;
    ip: string;
    appVersion: string | null;
  },
): Promise<void> {
  const values = {
    tenant_id: device.tenantId,
    building_id: device.buildingId,
    name: device.name,
    credential_hash: device.credentialHash,
    enrolled_at: sql<Date>`now()`,
    revoked_at: null,
    channel: 'kiosk' as const,
    last_seen_at: sql<Date>`now()`,
    last_ip: device.ip,
    ...(device.appVersion ? { app_version: device.appVersion } : {}),
  };
  await db
    .insertInto('kiosk_devices')
    .values({ device_id: device.deviceId, ...values })
    .onConflict((oc) => oc.column('device_id').doUpdateSet(values))
    .execute();
}

/** The stored credential of a device, for the credential check. */
export function findDeviceCredential(db: Db, deviceId: string) {
  return db
    .selectFrom('kiosk_devices')
    .select(['device_id', 'tenant_id', 'building_id', 'name', 'credential_hash', 'revoked_at'])
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
}

export async function revokeDevice(db: Db, tenantId: string, buildingId: string, deviceId: string) {
  return db
    .updateTable('kiosk_devices')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('device_id', '=', deviceId)
    .where('tenant_id', '=', tenantId)
    .where('building_id', '=', buildingId)
    .returning(['device_id', 'revoked_at'])
    .executeTakeFirst();
}

export async function renameDevice(db: Db, tenantId: string, buildingId: string, deviceId: string, name: string) {
  return db
    .updateTable('kiosk_devices')
    .set({ name })
    .where('device_id', '=', deviceId)
    .where('tenant_id', '=', tenantId)
    .where('building_id', '=', buildingId)
    .returning(['device_id', 'name'])
    .executeTakeFirst();
}
