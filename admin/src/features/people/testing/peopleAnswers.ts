import { type Person, type PeopleUploadReport, personSchema } from '@vestibule/shared';
import { answerCalls, sentForm } from '../../../test/answerCalls.ts';

// The people calls answered as the contract says, for the People screen's component tests. Every
// fixture is parsed by the shared schemas.

export const HQ = { id: '0190a8f2-0000-7000-8000-0000000000b1', name: 'HQ' };

let sequence = 0;

export function personFixture(firstName: string, lastName: string, changes: Partial<Person> = {}): Person {
  sequence += 1;
  return personSchema.parse({
    id: `0190a8f2-0000-7000-8000-${String(100 + sequence).padStart(12, '0')}`,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.com`,
    phone: null,
    visitorType: 'EMPLOYEE',
    externalId: null,
    jobTitle: null,
    department: null,
    companyName: null,
    defaultDuration: 60,
    validFrom: null,
    validTo: null,
    locale: 'en',
    hasPin: false,
    deactivated: false,
    building: HQ,
    status: 'NONE',
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
    ...changes,
  });
}

export const qrcode = 'data:image/png;base64,iVBORw0KGgo=';

export function reportFixture(changes: Partial<PeopleUploadReport> = {}): PeopleUploadReport {
  return { msg: '', dryRun: true, count: 0, created: 0, updated: 0, total: 0, issues: [], stopped: false, ...changes };
}

export function answerPeople(people: Person[]) {
  let pass = 1;
  const passOf = (id: string) => ({
    identifier: `PASS-${pass}`,
    qrcode,
    link: `https://vestibule.example/checkin/hq-key/${id}-${pass}`,
  });
  return answerCalls({
    'GET /people': () => ({ docs: people, totalDocs: people.length, totalCapped: false }),
    'POST /person': ({ body }) => personFixture(body.firstName, body.lastName, { visitorType: body.visitorType }),
    'PATCH /person/:id': ({ params }) => people.find((person) => person.id === params.id) ?? people[0]!,
    'DELETE /person/:id': () => ({ ok: true }),
    'GET /person/:id/stats': () => ({ today: 1, yesterday: 2, week: 5, month: 17 }),
    'GET /person/:id/pass': ({ params }) => passOf(params.id!),
    'POST /person/:id/revokePass': ({ params }) => {
      pass += 1;
      return passOf(params.id!);
    },
    'POST /person/:id/sendpass': () => ({ ok: true }),
    'POST /person/:id/sendlink': () => ({ ok: true }),
    'GET /people/people.csv': () =>
      new Response('First name\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    'PATCH /people/upload': (request) => {
      const { fields } = sentForm(request);
      const dryRun = typeof fields === 'object' && fields !== null && 'dryRun' in fields && fields.dryRun === true;
      return reportFixture({ dryRun });
    },
  });
}
