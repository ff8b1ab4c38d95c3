// Test support (a *.test-fixtures.ts file, never imported by production code): worlds for the
// lifecycle's tests, a company with a building (settings, address, logo), hosts from the people
// directory and visits written as staff, the door and kiosk sync leave them.
import { type BuildingSettings, uuidv7 } from '@vestibule/shared';
import { createBuilding, createPerson, createTenant, qrCodeKeyOf } from '../../../test/helpers/factories.ts';
import type { Db } from '../../db/database.ts';
import type { VisitsTable } from '../../db/schema.ts';

export interface World {
  tenantId: string;
  buildingId: string;
  qrCodeKey: string;
}

/** A 1x1 PNG, as a building's logo. */
export const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export async function createWorld(
  db: Db,
  options: { name?: string; settings?: Partial<BuildingSettings>; logo?: boolean; address?: boolean } = {},
): Promise<World> {
  const tenantId = await createTenant(db);
  const buildingId = await createBuilding(db, tenantId, options.name ?? 'Harbour Tower');
  const { settings } = await db
    .selectFrom('buildings')
    .select('settings')
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('buildings')
    .set({
      settings: JSON.stringify({ ...settings, ...options.settings }),
      ...(options.address ? { address1: '1 Quay Street', city: 'Toronto', zip: 'M5J 1A1' } : {}),
    })
    .where('id', '=', buildingId)
    .execute();
  if (options.logo) {
    await db
      .insertInto('building_logos')
      .values({
        building_id: buildingId,
        content: LOGO_PNG,
        content_type: 'image/png',
        file_name: 'logo.png',
        version: 1,
      })
      .execute();
  }
  return { tenantId, buildingId, qrCodeKey: await qrCodeKeyOf(db, buildingId) };
}

/** An employee of the directory who hosts visits. */
export function createHost(
  db: Db,
  world: World,
  options: { firstName?: string; lastName?: string; email?: string | null; locale?: 'en' | 'fr' | 'es' } = {},
): Promise<string> {
  return createPerson(db, world.tenantId, world.buildingId, {
    firstName: options.firstName ?? 'Hana',
    lastName: options.lastName ?? 'Host',
    email: options.email === undefined ? `host-${uuidv7().slice(-12)}@example.test` : options.email,
    locale: options.locale ?? 'en',
  });
}

/** What a column takes on insert (a generated row type's column may say it apart from what it reads). */
type Inserted<T> = T extends { readonly __insert__: infer I } ? I : T;
export type VisitValues = { [K in keyof VisitsTable]?: Exclude<Inserted<VisitsTable[K]>, undefined> };

/** A visit of the world's building; by default a visitor with an address, nothing else happened yet. */
export async function createVisit(db: Db, world: World, values: VisitValues = {}): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('visits')
    .values({
      id,
      tenant_id: world.tenantId,
      building_id: world.buildingId,
      identifier: `V${id.replace(/-/g, '').slice(-7).toUpperCase()}`,
      public_identifier: `pub-${id}`,
      pin: '4321',
      visitor_type: 'VISITOR',
      first_name: 'Vera',
      last_name: 'Visitor',
      email: `visitor-${id.slice(-12)}@example.test`,
      source: 'STAFF',
      ...values,
    })
    .execute();
  return id;
}

export function visitRow(db: Db, id: string) {
  return db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The e-mails queued to an address, oldest first. */
export function mailsTo(db: Db, to: string) {
  return db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('created_at').execute();
}

/** Leaves the database with no visits and no e-mails: each test's jobs act on its own visits only. */
export async function clearVisitsAndMail(db: Db): Promise<void> {
  await db.deleteFrom('mail_outbox').execute();
  await db.deleteFrom('visits').execute();
}

export const minutes = (n: number) => n * 60_000;
export const at = (base: Date, offsetMs: number) => new Date(base.getTime() + offsetMs);
