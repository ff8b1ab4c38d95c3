import type { PeopleUploadReport, Person } from '@vestibule/shared';
import { answerCalls, sentForm } from '../../../test/answerCalls.ts';
import { HQ, personFixture } from '../../../test/fixtures.ts';

// The people calls answered as the contract says, for the People screen's component tests. Every
// fixture is parsed by the shared schemas.

export { HQ, personFixture };

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
