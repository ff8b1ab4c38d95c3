import { type BuildingSettings, type Role, newBuildingSettings, uuidv7 } from '@vestibule/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import type { Visits } from '../../src/db/tables.generated.ts';
import { silhouetteJpeg } from '../../src/db/seed/jpeg.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { newBuildingColumns } from '../../src/modules/buildings/buildings.service.ts';

export const TEST_PASSWORD = 'Test-pass1!';
let passwordHash: Promise<string> | undefined;

/** Small builders per entity; each answers the new row's id. */
export async function createTenant(db: Db, overrides: { name?: string } = {}): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('tenants')
    .values({
      id,
      name: overrides.name ?? `Tenant ${id.slice(-8)}`,
      address1: null,
      address2: null,
      city: null,
      state: null,
      zip: null,
      phone: null,
      phone2: null,
      fax: null,
      country_code: 'CA',
      email: null,
    })
    .execute();
  return id;
}

export async function createUser(
  db: Db,
  options: { tenantId: string | null; role: Role; username?: string; blocked?: boolean },
): Promise<{ id: string; username: string; password: string }> {
  const id = uuidv7();
  const username = options.username ?? `u${id.replace(/-/g, '').slice(-12)}`;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  await db
    .insertInto('users')
    .values({
      id,
      tenant_id: options.tenantId,
      username,
      password_hash: await passwordHash,
      role: options.role,
      email: `${username}@example.test`,
      first_name: 'Test',
      last_name: username,
      phone: null,
      city: null,
      country: null,
      time_zone: null,
      favourite_building_id: null,
      blocked: options.blocked ?? false,
      selected_tenant_id: null,
    })
    .execute();
  return { id, username, password: TEST_PASSWORD };
}

/** Assigns buildings to a user (supervisors, users and space users see only those). */
export async function assignBuildings(db: Db, userId: string, buildingIds: readonly string[]): Promise<void> {
  for (const buildingId of buildingIds) {
    await db.insertInto('user_buildings').values({ user_id: userId, building_id: buildingId }).execute();
  }
}

/**
 * A test building's settings: the new-building defaults, except that a host may be typed freely
 * (a site without a directory), so tests that are not about hosts type one; the host tests turn
 * `allowFreeTextHost` off.
 */
export function testBuildingSettings(): BuildingSettings {
  return { ...newBuildingSettings(), allowFreeTextHost: true };
}

export async function createBuilding(db: Db, tenantId: string, name = 'Building'): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('buildings')
    .values({
      id,
      tenant_id: tenantId,
      name,
      external_id: null,
      pin_code: '1234',
      ...newBuildingColumns(),
      settings: JSON.stringify(testBuildingSettings()),
    })
    .execute();
  return id;
}

/**
 * A visit row written directly (a report's fixture): a visitor at the kiosk unless `values` say
 * otherwise, its codes made from its id. Answers its id.
 */
export async function createVisit(
  db: Db,
  tenantId: string,
  buildingId: string,
  values: Partial<Insertable<Visits>> = {},
): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('visits')
    .values({
      id,
      tenant_id: tenantId,
      building_id: buildingId,
      identifier: id.replace(/-/g, '').slice(-8).toUpperCase(),
      public_identifier: id,
      pin: '1234',
      visitor_type: 'VISITOR',
      source: 'KIOSK',
      ...values,
    })
    .execute();
  return id;
}

/**
 * Creates a row of `entity` in `tenantId` and answers its id. The route × role × tenant
 * test uses it for every route that declares `tenantParams`; a new entity needs a line here.
 */
export async function createQuestionnaire(db: Db, tenantId: string, name = 'Health check'): Promise<string> {
  const id = uuidv7();
  await db.insertInto('questionnaires').values({ id, tenant_id: tenantId, name, description: null }).execute();
  return id;
}

/** A question (a yes/no one with no alert unless `values` say otherwise); answers its id. */
export async function addQuestion(
  db: Db,
  questionnaireId: string,
  sortOrder: number,
  values: Record<string, unknown> = {},
): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('questions')
    .values({
      id,
      questionnaire_id: questionnaireId,
      text: 'Question',
      question_type: 'YESNO',
      alert_answer: null,
      warning_answer: null,
      previous_question_id: null,
      previous_question_answer: null,
      sort_order: sortOrder,
      ...values,
    })
    .execute();
  return id;
}

export async function createQuestion(db: Db, questionnaireId: string, sortOrder = 0): Promise<string> {
  return addQuestion(db, questionnaireId, sortOrder, { text: 'Do you have a fever?', alert_answer: 'YES' });
}

/** Links a questionnaire to a building's entry or exit for one person type (first in order). */
export async function linkQuestionnaire(
  db: Db,
  buildingId: string,
  questionnaireId: string,
  kind: 'ENTRY' | 'EXIT',
  visitorType: 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE',
): Promise<void> {
  await db
    .insertInto('building_questionnaires')
    .values({
      building_id: buildingId,
      questionnaire_id: questionnaireId,
      kind,
      visitor_type: visitorType,
      sort_order: 0,
    })
    .execute();
}

/** Links a questionnaire to a building's entry for visitors (first in order). */
export async function linkEntryQuestionnaire(db: Db, buildingId: string, questionnaireId: string): Promise<void> {
  await linkQuestionnaire(db, buildingId, questionnaireId, 'ENTRY', 'VISITOR');
}

/** Replaces a building's settings with the test defaults changed by `patch`. */
export async function setBuildingSettings(db: Db, buildingId: string, patch: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('buildings')
    .set({ settings: JSON.stringify({ ...testBuildingSettings(), ...patch }) })
    .where('id', '=', buildingId)
    .execute();
}

/** A person of the directory in a building; an employee unless told otherwise. */
export async function createPerson(
  db: Db,
  tenantId: string,
  buildingId: string,
  overrides: {
    firstName?: string;
    lastName?: string;
    email?: string | null;
    visitorType?: 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE' | 'RESIDENT';
    externalId?: string | null;
    validFrom?: string | null;
    validTo?: string | null;
    deactivated?: boolean;
    locale?: 'en' | 'fr' | 'es';
  } = {},
): Promise<string> {
  const id = uuidv7();
  const visitorType = overrides.visitorType ?? 'EMPLOYEE';
  await db
    .insertInto('people')
    .values({
      id,
      tenant_id: tenantId,
      building_id: buildingId,
      first_name: overrides.firstName ?? 'Ada',
      last_name: overrides.lastName ?? `Person ${id.slice(-8)}`,
      email: overrides.email === undefined ? `p${id.slice(-12)}@example.test` : overrides.email,
      visitor_type: visitorType,
      external_id: overrides.externalId ?? null,
      default_duration: visitorType === 'EMPLOYEE' ? 480 : null,
      valid_from: overrides.validFrom ?? null,
      valid_to: overrides.validTo ?? null,
      deactivated: overrides.deactivated ?? false,
      locale: overrides.locale ?? 'en',
      pass_identifier: `pass-${id}`,
    })
    .execute();
  return id;
}

/** A floor of a building (no plan yet). */
export async function createFloor(db: Db, tenantId: string, buildingId: string, name?: string): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('floors')
    .values({ id, tenant_id: tenantId, building_id: buildingId, name: name ?? `Floor ${id.slice(-8)}`, level: 0 })
    .execute();
  return id;
}

/** A bookable room on a floor, drawn as a rectangle. */
export async function createSpace(db: Db, tenantId: string, floorId: string, name?: string): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('spaces')
    .values({
      id,
      tenant_id: tenantId,
      floor_id: floorId,
      name: name ?? `Space ${id.slice(-8)}`,
      kind: 'ROOM',
      color: '#1565c0',
      shape: JSON.stringify({ kind: 'rect', x: 0.1, y: 0.1, width: 0.2, height: 0.2 }),
    })
    .execute();
  return id;
}

/**
 * A booking of one occurrence written straight to the database (its series beside it), for tests
 * of what bookings hold back; the booking calls are tested through the API.
 */
export async function createBooking(
  db: Db,
  values: {
    tenantId: string;
    spaceId: string;
    startsAt: Date;
    endsAt: Date;
    status?: 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
  },
): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('space_booking_series')
    .values({ id, tenant_id: values.tenantId, space_id: values.spaceId, title: 'Test booking' })
    .execute();
  await db
    .insertInto('space_bookings')
    .values({
      id,
      series_id: id,
      tenant_id: values.tenantId,
      space_id: values.spaceId,
      starts_at: values.startsAt,
      ends_at: values.endsAt,
      status: values.status ?? 'APPROVED',
    })
    .execute();
  return id;
}

/** A visit's signature of a document version (typed unless an image is given), as a check-in writes it. */
export async function createSignature(
  db: Db,
  signature: {
    tenantId: string;
    buildingId: string;
    visitId: string;
    document: { documentId: string; versionId: string };
    signerKey: string;
    signedAt?: Date;
    typedName?: string;
    image?: Buffer;
  },
): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('visit_document_signatures')
    .values({
      id,
      tenant_id: signature.tenantId,
      building_id: signature.buildingId,
      visit_id: signature.visitId,
      document_id: signature.document.documentId,
      version_id: signature.document.versionId,
      signed_at: signature.signedAt ?? new Date(),
      method: signature.image ? 'DRAW' : 'TYPE',
      typed_name: signature.typedName ?? null,
      image: signature.image ?? null,
      signer_key: signature.signerKey,
    })
    .execute();
  return id;
}

/** A signed document of a building with its first version (docs/check-in.md, "Signed documents"). */
export async function createBuildingDocument(
  db: Db,
  tenantId: string,
  buildingId: string,
  values: { title?: string; kind?: string; visitorTypes?: string[]; signMethod?: string; body?: string } = {},
): Promise<{ documentId: string; versionId: string }> {
  const documentId = uuidv7();
  const versionId = uuidv7();
  await db
    .insertInto('building_documents')
    .values({
      id: documentId,
      tenant_id: tenantId,
      building_id: buildingId,
      kind: values.kind ?? 'NDA',
      title: values.title ?? 'Non-disclosure agreement',
      visitor_types: values.visitorTypes ?? ['VISITOR'],
      sign_method: values.signMethod ?? 'TYPE',
    })
    .execute();
  await db
    .insertInto('building_document_versions')
    .values({ id: versionId, document_id: documentId, version: 1, body: values.body ?? 'Keep it secret.' })
    .execute();
  return { documentId, versionId };
}

export const tenantEntityFactories: Record<string, (db: Db, tenantId: string) => Promise<string>> = {
  user: async (db, tenantId) => (await createUser(db, { tenantId, role: 'ROLE_USER' })).id,
  building: (db, tenantId) => createBuilding(db, tenantId),
  questionnaire: (db, tenantId) => createQuestionnaire(db, tenantId),
  question: async (db, tenantId) => createQuestion(db, await createQuestionnaire(db, tenantId)),
  floor: async (db, tenantId) => createFloor(db, tenantId, await createBuilding(db, tenantId)),
  space: async (db, tenantId) =>
    createSpace(db, tenantId, await createFloor(db, tenantId, await createBuilding(db, tenantId))),
  watchlistEntry: async (db, tenantId) => {
    const id = uuidv7();
    const name = `Watched ${id.slice(-8)}`;
    await db
      .insertInto('watchlist_entries')
      .values({
        id,
        tenant_id: tenantId,
        kind: 'NAME',
        value: name,
        match_key: name.toLowerCase().split(' ').sort().join(' '),
        action: 'HOLD',
        reason: 'Route matrix',
      })
      .execute();
    return id;
  },
  webhookEndpoint: async (db, tenantId) => {
    const id = uuidv7();
    await db
      .insertInto('webhook_endpoints')
      .values({
        id,
        tenant_id: tenantId,
        url: 'https://hooks.example.test/',
        events: ['visit.checked_in'],
        secret: 'v1.x.x.x',
      })
      .execute();
    return id;
  },
  apiToken: async (db, tenantId) => {
    const id = uuidv7();
    await db
      .insertInto('api_tokens')
      .values({
        id,
        tenant_id: tenantId,
        name: 'Route matrix',
        scopes: ['visits:read'],
        token_hash: id,
        prefix: 'vst_xxxxxx',
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    return id;
  },
  webhookDelivery: async (db, tenantId) => {
    const endpointId = await tenantEntityFactories.webhookEndpoint!(db, tenantId);
    const id = uuidv7();
    await db
      .insertInto('webhook_deliveries')
      .values({
        id,
        event_id: uuidv7(),
        endpoint_id: endpointId,
        tenant_id: tenantId,
        event: 'visit.checked_in',
        object_type: 'visit',
        object_id: uuidv7(),
        payload: JSON.stringify({}),
      })
      .execute();
    return id;
  },
  city: async (db, tenantId) => {
    const id = uuidv7();
    await db
      .insertInto('cities')
      .values({ id, tenant_id: tenantId, name: `City ${id.slice(-8)}` })
      .execute();
    return id;
  },
  visit: async (db, tenantId) => {
    const id = uuidv7();
    const buildingId = await createBuilding(db, tenantId);
    await db
      .insertInto('visits')
      .values({
        id,
        tenant_id: tenantId,
        building_id: buildingId,
        identifier: id.slice(-8),
        public_identifier: id,
        pin: '1234',
        visitor_type: 'VISITOR',
        source: 'STAFF',
        checked_in_at: new Date(),
      })
      .execute();
    // With the person's photo, so a call for it (GET /meeting/{id}/photo) finds one when allowed.
    const photo = silhouetteJpeg();
    await db
      .insertInto('visit_photos')
      .values({ visit_id: id, tenant_id: tenantId, content: photo, byte_size: photo.length })
      .execute();
    return id;
  },
  device: async (db, tenantId) => {
    const deviceId = uuidv7();
    await db
      .insertInto('kiosk_devices')
      .values({ device_id: deviceId, tenant_id: tenantId, building_id: await createBuilding(db, tenantId) })
      .execute();
    return deviceId;
  },
  mutation: async (db, tenantId) => {
    const buildingId = await createBuilding(db, tenantId);
    const mutationId = uuidv7();
    await db
      .insertInto('applied_mutations')
      .values({
        mutation_id: mutationId,
        device_id: uuidv7(),
        tenant_id: tenantId,
        building_id: buildingId,
        seq: 1,
        type: 'checkIn',
        visit_id: uuidv7(),
        outcome: 'rejected',
        error_code: 'CHECKEDIN',
        payload: '{}',
        occurred_at: new Date(),
      })
      .execute();
    return mutationId;
  },
  person: async (db, tenantId) => createPerson(db, tenantId, await createBuilding(db, tenantId)),
  document: async (db, tenantId) =>
    (await createBuildingDocument(db, tenantId, await createBuilding(db, tenantId))).documentId,
  signature: async (db, tenantId) => {
    const buildingId = await createBuilding(db, tenantId);
    return createSignature(db, {
      tenantId,
      buildingId,
      visitId: await createVisit(db, tenantId, buildingId),
      document: await createBuildingDocument(db, tenantId, buildingId),
      image: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      signerKey: 'matrix signer',
    });
  },
  rollCall: async (db, tenantId) => {
    const id = uuidv7();
    await db
      .insertInto('roll_calls')
      .values({
        id,
        tenant_id: tenantId,
        building_id: await createBuilding(db, tenantId),
        reason: 'DRILL',
        started_at: new Date(),
      })
      .execute();
    return id;
  },
  camera: async (db, tenantId) => {
    const id = uuidv7();
    const buildingId = await createBuilding(db, tenantId);
    await db
      .insertInto('cameras')
      .values({
        id,
        tenant_id: tenantId,
        building_id: buildingId,
        name: 'Lobby',
        ip_address: '127.0.0.1:1',
        auth_user: null,
        auth_password: null,
        camera_place: 'ENTRY',
      })
      .execute();
    return id;
  },
};

/** The check-in key of a building (its public links and kiosk calls). */
export async function qrCodeKeyOf(db: Db, buildingId: string): Promise<string> {
  const row = await db
    .selectFrom('buildings')
    .select('qr_code_key')
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
  return row.qr_code_key;
}
