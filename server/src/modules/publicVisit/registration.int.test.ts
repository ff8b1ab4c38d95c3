import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrationRequest, newBuildingCheckInForms, newBuildingSettings } from '@vestibule/shared';
import { createBuilding, createPerson, createTenant, qrCodeKeyOf } from '../../../test/helpers/factories.ts';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';

// A visitor registers ahead through a building's registration page, on the embedded
// database and (TEST_DATABASE_URL) a PostgreSQL server: the page's data, the invitation it
// records (for the lifecycle job to e-mail), and every refusal, with nothing written.

let t: TestApp;
let tenantId: string;
let buildingId: string;
let qrCodeKey: string;
/** A building whose visitors accept a consent clause, with a custom field. */
let strictKey: string;
let strictBuildingId: string;

const HOUR = 3_600_000;
const tomorrow = () => {
  const at = new Date(Date.now() + 24 * HOUR);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  tenantId = await createTenant(db);
  buildingId = await createBuilding(db, tenantId, 'Harbour House');
  qrCodeKey = await qrCodeKeyOf(db, buildingId);
  strictBuildingId = await createBuilding(db, tenantId, 'Quay Tower');
  strictKey = await qrCodeKeyOf(db, strictBuildingId);
  const forms = newBuildingCheckInForms();
  forms.visitorCheckInForm.custom1 = {
    ...forms.visitorCheckInForm.custom1,
    enabled: true,
    mandatory: true,
    label: 'Car registration',
  };
  await db
    .updateTable('buildings')
    .set({
      settings: JSON.stringify({
        ...newBuildingSettings(),
        consentClauseEnabled: true,
        consentText: 'We keep your name for 30 days.',
        defaultMeetingDuration: 'PT1H30M',
      }),
      check_in_forms: JSON.stringify(forms),
    })
    .where('id', '=', strictBuildingId)
    .execute();
  // The directory's employees: one Grace Hopper, two Alan Turings, a deactivated Ada Byron.
  await createPerson(db, tenantId, buildingId, { firstName: 'Grace', lastName: 'Hopper' });
  await createPerson(db, tenantId, buildingId, { firstName: 'Alan', lastName: 'Turing' });
  await createPerson(db, tenantId, buildingId, { firstName: 'Alan', lastName: 'Turing' });
  await createPerson(db, tenantId, buildingId, { firstName: 'Ada', lastName: 'Byron', deactivated: true });
});
afterAll(() => t.close());

function register(body: Partial<RegistrationRequest>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/service/registration',
    headers,
    payload: {
      qrCodeKey,
      visitorType: 'VISITOR',
      checkInForm: { firstName: 'Marie', lastName: 'Curie', email: 'marie@example.test', host: 'Grace Hopper' },
      scheduledAt: tomorrow(),
      scheduledDuration: 'PT2H',
      ...body,
    },
  });
}

function visitsOf(email: string) {
  return t.database.db.selectFrom('visits').selectAll().where('email', '=', email).execute();
}

async function countVisits() {
  const row = await t.database.db
    .selectFrom('visits')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /registration/{qrCodeKey}', () => {
  it('gives the building, its person types and, once one is chosen, its form with the e-mail required', async () => {
    const first = await t.app.inject({ method: 'GET', url: `/service/registration/${qrCodeKey}` });
    expect(first.statusCode).toBe(200);
    expect(jsonOf(first)).toMatchObject({
      qrCodeKey,
      building: { id: buildingId, name: 'Harbour House', timeZoneId: expect.any(String) },
      visitorTypes: ['VISITOR', 'CONTRACTOR'],
      visitorType: null,
      checkInForm: null,
      defaultDuration: 'PT1H',
      consentClauseActive: false,
      consentClauseText: '',
    });
    expect(jsonOf(first).durationChoices).toContain('PT1H30M');

    const visitor = jsonOf(
      await t.app.inject({ method: 'GET', url: `/service/registration/${qrCodeKey}?visitorType=v` }),
    );
    expect(visitor.visitorType).toBe('VISITOR');
    const form = visitor.checkInForm as Record<string, { enabled: boolean; mandatory: boolean }>;
    expect(form.email).toMatchObject({ enabled: true, mandatory: true });
    expect(form.host).toMatchObject({ enabled: true, mandatory: true });

    const contractor = jsonOf(
      await t.app.inject({ method: 'GET', url: `/service/registration/${qrCodeKey}?visitorType=CONTRACTOR` }),
    );
    const contractorForm = contractor.checkInForm as Record<string, { enabled: boolean }>;
    expect(contractorForm.contractorCompanyName).toMatchObject({ enabled: true });
  });

  it("says the building's consent clause and default duration, and never lists the directory", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/service/registration/${strictKey}?visitorType=v` });
    expect(jsonOf(response)).toMatchObject({
      consentClauseActive: true,
      consentClauseText: 'We keep your name for 30 days.',
      defaultDuration: 'PT1H30M',
    });
    const other = await t.app.inject({ method: 'GET', url: `/service/registration/${qrCodeKey}?visitorType=v` });
    expect(other.body).not.toContain('Hopper');
    expect(other.body).not.toContain(tenantId);
  });

  it('refuses an employee registration and an unknown building', async () => {
    const employee = await t.app.inject({ method: 'GET', url: `/service/registration/${qrCodeKey}?visitorType=e` });
    expect([employee.statusCode, jsonOf(employee).errorCode]).toEqual([400, 'VALIDATION_FAILED']);
    const unknown = await t.app.inject({ method: 'GET', url: '/service/registration/no-such-building' });
    expect([unknown.statusCode, jsonOf(unknown).errorCode]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('POST /registration', () => {
  it("records an invitation of the visitor's own, with the host of the directory, in the visitor's language", async () => {
    const scheduledAt = tomorrow();
    const response = await register(
      {
        scheduledAt,
        checkInForm: {
          firstName: ' Marie ',
          lastName: 'Curie',
          email: 'marie.curie@example.test',
          phone: '+33600000000',
          companyName: 'Institut du Radium',
          host: '  grace   HOPPER ',
        },
      },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    expect(response.statusCode).toBe(201);
    expect(jsonOf(response)).toEqual({
      email: 'marie.curie@example.test',
      scheduledAt,
      scheduledDuration: 'PT2H',
    });
    const found = await visitsOf('marie.curie@example.test');
    expect(found).toHaveLength(1);
    const visit = found[0]!;
    const host = await t.database.db
      .selectFrom('people')
      .select('id')
      .where('building_id', '=', buildingId)
      .where('last_name', '=', 'Hopper')
      .executeTakeFirstOrThrow();
    expect(visit).toMatchObject({
      tenant_id: tenantId,
      building_id: buildingId,
      visitor_type: 'VISITOR',
      first_name: 'Marie',
      last_name: 'Curie',
      phone: '+33600000000',
      company_name: 'Institut du Radium',
      host: 'grace   HOPPER',
      host_person_id: host.id,
      scheduled_duration: 'PT2H',
      source: 'REGISTRATION',
      is_invitation: true,
      invitation_sent_at: null,
      checked_in_at: null,
      allowed: true,
      locale: 'fr',
      invited_by: null,
    });
    expect(new Date(visit.scheduled_at ?? 0).toISOString()).toBe(scheduledAt);
    expect(visit.check_in_form).toMatchObject({ firstName: 'Marie', email: 'marie.curie@example.test' });
    // The answer names no code: the invitation, to the address typed, carries them.
    for (const secret of [visit.identifier, visit.public_identifier, visit.pin, visit.id]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('links no host when the name is ambiguous, unknown or of a deactivated employee, and keeps the name typed', async () => {
    for (const [name, email] of [
      ['Alan Turing', 'ambiguous@example.test'],
      ['Nobody Here', 'unknown@example.test'],
      ['Ada Byron', 'deactivated@example.test'],
    ] as const) {
      const response = await register({ checkInForm: { firstName: 'Marie', lastName: 'Curie', email, host: name } });
      expect(response.statusCode).toBe(201);
      const [visit] = await visitsOf(email);
      expect(visit).toMatchObject({ host: name, host_person_id: null });
    }
  });

  it("requires the building's form, the e-mail, the consent and a time at which the visit is not over, and writes nothing otherwise", async () => {
    const before = await countVisits();
    const refusals: [Partial<RegistrationRequest>, number, string, string | undefined][] = [
      [
        { checkInForm: { firstName: 'Marie', email: 'm@example.test', host: 'Grace Hopper' } },
        400,
        'MISSING',
        'lastName',
      ],
      [{ checkInForm: { firstName: 'Marie', lastName: 'Curie', host: 'Grace Hopper' } }, 400, 'MISSING', 'email'],
      [
        { checkInForm: { firstName: 'Marie', lastName: 'Curie', email: 'not-an-address', host: 'Grace Hopper' } },
        400,
        'EMAIL_IS_NOT_VALID',
        'email',
      ],
      [{ checkInForm: { firstName: 'Marie', lastName: 'Curie', email: 'm@example.test' } }, 400, 'MISSING', 'host'],
      [{ scheduledAt: new Date(Date.now() - 3 * HOUR).toISOString() }, 400, 'MEETING_IN_THE_PAST', undefined],
      [{ scheduledAt: new Date(Date.now() + 400 * 24 * HOUR).toISOString() }, 400, 'VALIDATION_FAILED', 'scheduledAt'],
      [{ scheduledDuration: 'PT45M' as 'PT1H' }, 400, 'VALIDATION_FAILED', 'scheduledDuration'],
      [{ visitorType: 'EMPLOYEE' as 'VISITOR' }, 400, 'VALIDATION_FAILED', 'visitorType'],
      [{ qrCodeKey: 'no-such-building' }, 404, 'NOT_FOUND', undefined],
      [
        {
          qrCodeKey: strictKey,
          checkInForm: {
            firstName: 'Marie',
            lastName: 'Curie',
            email: 'm@example.test',
            host: 'Grace Hopper',
            custom1: 'AB-123',
          },
        },
        400,
        'MISSING',
        'consentAccepted',
      ],
      [
        {
          qrCodeKey: strictKey,
          consentAccepted: true,
          checkInForm: { firstName: 'Marie', lastName: 'Curie', email: 'm@example.test', host: 'Grace Hopper' },
        },
        400,
        'MISSING',
        'custom1',
      ],
    ];
    for (const [body, status, code, field] of refusals) {
      const response = await register(body);
      const answer = jsonOf<{ errorCode: string; params?: { field?: string } }>(response);
      expect([response.statusCode, answer.errorCode, answer.params?.field]).toEqual([status, code, field]);
    }
    expect(await countVisits()).toBe(before);
  });

  it('records the consent and the custom fields a building asks', async () => {
    const response = await register({
      qrCodeKey: strictKey,
      consentAccepted: true,
      checkInForm: {
        firstName: 'Marie',
        lastName: 'Curie',
        email: 'consent@example.test',
        host: 'Grace Hopper',
        custom1: 'AB-123',
      },
    });
    expect(response.statusCode).toBe(201);
    const [visit] = await visitsOf('consent@example.test');
    expect(visit).toMatchObject({
      building_id: strictBuildingId,
      consent_accepted: true,
      host_person_id: null,
      check_in_form: { custom1: 'AB-123' },
    });
  });

  it('limits registrations per address like sign-in', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/service/registration',
          payload: { qrCodeKey: 'none', visitorType: 'VISITOR', scheduledAt: tomorrow(), scheduledDuration: 'PT1H' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
