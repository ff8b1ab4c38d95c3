import { randomBytes } from 'node:crypto';
import { type Role, newBuildingSettings, uuidv7 } from '@vestibule/shared';
import { hashPassword } from '../../modules/auth/password.ts';
import { newBuildingColumns } from '../../modules/buildings/buildings.service.ts';
import type { Db } from '../database.ts';
import { DEMO_PASS_HOLDER, seedDemoPeople } from './demoPeople.ts';
import { seedDemoVisits } from './demoVisits.ts';
import { seedDemoHistory } from './demoHistory.ts';
import { seedDemoFloors } from './demoFloors.ts';
import { seedDemoBadges, seedDemoLobby } from './demoLobby.ts';
import { seedDemoBookings } from './demoBookings.ts';
import { DEMO_WAIT_TEXT, claimDemoMarker } from './demoCommon.ts';

export const DEMO_PASSWORD = 'Vestibule1!';

export { DEMO_WAIT_TEXT } from './demoCommon.ts';

export const demoUsers: {
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  tenant: 'demo' | 'northwind';
}[] = [
  { username: 'admin', role: 'ROLE_ADMIN', firstName: 'Ada', lastName: 'Admin', tenant: 'demo' },
  { username: 'master', role: 'ROLE_MASTER', firstName: 'Morgan', lastName: 'Master', tenant: 'demo' },
  { username: 'supervisor', role: 'ROLE_SUPERVISOR', firstName: 'Sam', lastName: 'Supervisor', tenant: 'demo' },
  { username: 'user', role: 'ROLE_USER', firstName: 'Uma', lastName: 'User', tenant: 'demo' },
  { username: 'space', role: 'ROLE_SPACE', firstName: 'Sky', lastName: 'Space', tenant: 'demo' },
  { username: 'tech1', role: 'ROLE_TECH_1', firstName: 'Theo', lastName: 'Tech', tenant: 'demo' },
  { username: 'tech2', role: 'ROLE_TECH_2', firstName: 'Tess', lastName: 'Tech', tenant: 'demo' },
  { username: 'northwind', role: 'ROLE_MASTER', firstName: 'Nora', lastName: 'Wind', tenant: 'northwind' },
];

/**
 * Demo data for `npm start`: tenants "Demo Corp" (building "Demo HQ") and "Northwind"
 * (building "Northwind Office"), one user per role, Demo HQ's people directory, a day of
 * visits at Demo HQ around now (written again on a start on a later day), and 90 days of history
 * behind it at Demo HQ and Demo West (demoHistory.ts), and Demo HQ's two floors with their plans and
 * spaces (demoFloors.ts), and a week of space bookings there (demoBookings.ts, written again on a
 * start on a later day). Runs once:
 * a marker row in app_settings, written in the same transaction, makes later starts skip it
 * (the directory has its own marker, so a database seeded before it existed gets it too).
 * Answers whether anything was written.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  const companies = await seedDemoCompanies(db);
  const people = await seedDemoPeople(db, now);
  const visits = await seedDemoVisits(db, now);
  const history = await seedDemoHistory(db, now);
  const floors = await seedDemoFloors(db, now);
  const bookings = await seedDemoBookings(db, now);
  const lobby = await seedDemoLobby(db, now);
  const badges = await seedDemoBadges(db, now);
  return companies || people || visits || history || floors || bookings || lobby || badges;
}

async function seedDemoCompanies(db: Db): Promise<boolean> {
  const hashes = new Map<string, string>();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const user of demoUsers) hashes.set(user.username, passwordHash);
  return db.transaction().execute(async (trx) => {
    if (!(await claimDemoMarker(trx, 'demo_seeded', new Date().toISOString()))) return false;
    const tenants = {
      demo: {
        id: uuidv7(),
        name: 'Demo Corp',
        address1: '100 King Street West',
        city: 'Toronto',
        zip: 'M5X 1A9',
        state: 'ON',
        country_code: 'CA',
        building: 'Demo HQ',
        // Its printed phone link carries a mobile token, so the links that stand for one (a
        // visit's own link, a personal pass) are tried on the demo as at a real site.
        mobileToken: randomBytes(12).toString('base64url') as string | null,
      },
      northwind: {
        id: uuidv7(),
        name: 'Northwind',
        address1: '500 Pine Street',
        city: 'Seattle',
        zip: '98101',
        state: 'WA',
        country_code: 'US',
        building: 'Northwind Office',
        mobileToken: null as string | null,
      },
    };
    const buildingIds: Record<string, string> = {};
    for (const tenant of Object.values(tenants)) {
      await trx
        .insertInto('tenants')
        .values({
          id: tenant.id,
          name: tenant.name,
          address1: tenant.address1,
          address2: null,
          city: tenant.city,
          state: tenant.state,
          zip: tenant.zip,
          phone: null,
          phone2: null,
          fax: null,
          country_code: tenant.country_code,
          email: null,
          licences_count: 25,
          // Room for the buildings a newcomer adds beside the demo's.
          building_limit: 25,
          // The demo company shows who is where on its booking map (off for a new company).
          share_whereabouts: tenant === tenants.demo,
        })
        .execute();
      const buildingId = uuidv7();
      buildingIds[tenant.name] = buildingId;
      await trx
        .insertInto('buildings')
        .values({
          id: buildingId,
          tenant_id: tenant.id,
          name: tenant.building,
          external_id: null,
          address1: tenant.address1,
          city: tenant.city,
          zip: tenant.zip,
          state: tenant.state,
          country_code: tenant.country_code,
          pin_code: '1234',
          ...newBuildingColumns(),
          // Where a host's arrival notice says their visitor waits.
          settings: JSON.stringify({ ...newBuildingSettings(), hostNoticeWaitText: DEMO_WAIT_TEXT }),
          mobile_token: tenant.mobileToken,
        })
        .execute();
    }
    const demoBuilding = buildingIds[tenants.demo.name];
    if (demoBuilding) await seedDemoBuildingSetup(trx, tenants.demo.id, demoBuilding);
    for (const user of demoUsers) {
      const userId = uuidv7();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          tenant_id: tenants[user.tenant].id,
          username: user.username,
          password_hash: hashes.get(user.username) ?? passwordHash,
          role: user.role,
          email: `${user.username}@${user.tenant === 'demo' ? 'demo-corp' : 'northwind'}.example`,
          first_name: user.firstName,
          last_name: user.lastName,
          phone: null,
          city: null,
          country: null,
          time_zone: 'America/Toronto',
          favourite_building_id: null,
          verified: true,
          selected_tenant_id: null,
        })
        .execute();
      // Supervisors, users and space users see only the buildings assigned to them: Demo HQ.
      const building = buildingIds[tenants[user.tenant].name];
      if (building && ['ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'].includes(user.role)) {
        await trx.insertInto('user_buildings').values({ user_id: userId, building_id: building }).execute();
      }
    }
    return true;
  });
}

/** Questionnaires and a simulated camera for Demo HQ, so the check-in configuration can be tried at once. */
async function seedDemoBuildingSetup(db: Db, tenantId: string, buildingId: string): Promise<void> {
  const health = uuidv7();
  const safety = uuidv7();
  await db
    .insertInto('questionnaires')
    .values([
      {
        id: health,
        tenant_id: tenantId,
        name: 'Visitor health check',
        description: 'Asked of every visitor on arrival',
      },
      { id: safety, tenant_id: tenantId, name: 'Contractor safety', description: 'Site safety rules for contractors' },
    ])
    .execute();
  const fever = uuidv7();
  const travel = uuidv7();
  const question = (
    id: string,
    questionnaireId: string,
    order: number,
    text: string,
    type: 'YESNO' | 'YESNONA' | 'FREEFORM',
  ) => ({
    id,
    questionnaire_id: questionnaireId,
    text,
    question_type: type,
    alert_answer: null as string | null,
    warning_answer: null as string | null,
    previous_question_id: null as string | null,
    previous_question_answer: null as string | null,
    sort_order: order,
  });
  await db
    .insertInto('questions')
    .values([
      { ...question(fever, health, 0, 'Do you have a **fever** or a cough today?', 'YESNO'), alert_answer: 'YES' },
      {
        ...question(travel, health, 1, 'Have you travelled abroad in the last 14 days?', 'YESNONA'),
        warning_answer: 'YES',
      },
      {
        ...question(uuidv7(), health, 2, 'Which countries did you visit?', 'FREEFORM'),
        previous_question_id: travel,
        previous_question_answer: 'YES',
      },
      {
        ...question(uuidv7(), safety, 0, 'Are you wearing **safety shoes** and a helmet?', 'YESNO'),
        alert_answer: 'NO',
      },
    ])
    .execute();
  await db
    .insertInto('building_questionnaires')
    .values([
      { building_id: buildingId, questionnaire_id: health, visitor_type: 'VISITOR', kind: 'ENTRY', sort_order: 0 },
      { building_id: buildingId, questionnaire_id: health, visitor_type: 'CONTRACTOR', kind: 'ENTRY', sort_order: 0 },
      { building_id: buildingId, questionnaire_id: safety, visitor_type: 'CONTRACTOR', kind: 'ENTRY', sort_order: 1 },
    ])
    .execute();
  await seedDemoDocuments(db, tenantId, buildingId);
  await db
    .insertInto('cameras')
    .values({
      id: uuidv7(),
      tenant_id: tenantId,
      building_id: buildingId,
      name: 'Lobby (simulated)',
      ip_address: 'simulated',
      auth_user: null,
      auth_password: null,
      camera_place: 'ENTRY_EXIT',
      simulated: true,
    })
    .execute();
}

const DEMO_NDA = `# Non-disclosure agreement

During your visit to **Demo Corp** you may see or hear information that is not public: products
in development, customers, plans and figures.

- Keep what you learn here confidential, during your visit and afterwards.
- Do not take photos or recordings inside the building without your host's permission.
- Return any document you are given before you leave.

By signing, you agree to these terms for this visit and any visit in the next twelve months.`;

const DEMO_SITE_RULES = `# Site rules for contractors

1. Wear your visitor badge where it can be seen, at all times.
2. Safety shoes and a helmet are required in the workshop and on the roof.
3. Hot work (welding, cutting) needs a permit from the facilities team.
4. In an alarm, stop work and leave by the nearest exit to the assembly point in the car park.

Type your full name to confirm that you have read and will follow these rules.`;

/**
 * Demo HQ's signed documents (docs/check-in.md, "Signed documents"): an NDA drawn by visitors and
 * contractors, and site rules typed by contractors. Seeded inactive: an active document refuses
 * a phone's check-in that does not sign it, and the wizard's signing step comes later; an
 * administrator turns them on in the building's Documents tab.
 */
async function seedDemoDocuments(db: Db, tenantId: string, buildingId: string): Promise<void> {
  const documents = [
    { kind: 'NDA', title: 'Non-disclosure agreement', types: ['VISITOR', 'CONTRACTOR'], sign: 'DRAW', body: DEMO_NDA },
    { kind: 'SITE_RULES', title: 'Site rules', types: ['CONTRACTOR'], sign: 'TYPE', body: DEMO_SITE_RULES },
  ];
  for (const [index, document] of documents.entries()) {
    const id = uuidv7();
    await db
      .insertInto('building_documents')
      .values({
        id,
        tenant_id: tenantId,
        building_id: buildingId,
        kind: document.kind,
        title: document.title,
        visitor_types: document.types,
        sign_method: document.sign,
        active: false,
        sort_order: index,
      })
      .execute();
    await db
      .insertInto('building_document_versions')
      .values({ id: uuidv7(), document_id: id, version: 1, body: document.body })
      .execute();
  }
}

/** The demo building's public links, printed at start so a newcomer can open a kiosk at once. */
export async function demoLinks(db: Db): Promise<{
  kiosk: string;
  phone: string;
  pin: string;
  buildingId: string;
  tenantId: string;
  qrCodeKey: string;
  /** DEMO_PASS_HOLDER's pass identifier and what identifies them, while they are in the directory. */
  passHolder: (typeof DEMO_PASS_HOLDER & { name: string; passIdentifier: string }) | null;
} | null> {
  const building = await db
    .selectFrom('buildings')
    .select(['id', 'tenant_id', 'qr_code_key', 'mobile_token', 'pin_code'])
    .where('name', '=', 'Demo HQ')
    .executeTakeFirst();
  if (!building) return null;
  const holder = await db
    .selectFrom('people')
    .select(['pass_identifier', 'first_name', 'last_name'])
    .where('tenant_id', '=', building.tenant_id)
    .where('external_id', '=', DEMO_PASS_HOLDER.externalId)
    .where('building_id', '=', building.id)
    .where('deactivated', '=', false)
    .executeTakeFirst();
  const token = building.mobile_token ? `?mt=${encodeURIComponent(building.mobile_token)}` : '';
  return {
    kiosk: `/checkinKiosk/${building.qr_code_key}`,
    phone: `/checkin/${building.qr_code_key}${token}`,
    pin: building.pin_code ?? '',
    buildingId: building.id,
    tenantId: building.tenant_id,
    qrCodeKey: building.qr_code_key,
    passHolder: holder
      ? {
          ...DEMO_PASS_HOLDER,
          name: `${holder.first_name} ${holder.last_name}`,
          passIdentifier: holder.pass_identifier,
        }
      : null,
  };
}
