import { type Person, type PeopleUploadReport, personSchema } from '@vestibule/shared';
import { vi } from 'vitest';
import type { PeopleApi } from '../peopleApi.ts';

// A people port answering as the contract says, for the People screen's component tests. Every
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

export function fakePeopleApi(people: Person[]) {
  let pass = 1;
  const passOf = (id: string) => ({
    identifier: `PASS-${pass}`,
    qrcode,
    link: `https://vestibule.example/checkin/hq-key/${id}-${pass}`,
  });
  return {
    list: vi.fn<PeopleApi['list']>(async () => ({ docs: people, totalDocs: people.length, totalCapped: false })),
    create: vi.fn<PeopleApi['create']>(async (input) =>
      personFixture(input.firstName, input.lastName, { visitorType: input.visitorType }),
    ),
    update: vi.fn<PeopleApi['update']>(async (id) => people.find((person) => person.id === id) ?? people[0]!),
    remove: vi.fn<PeopleApi['remove']>(async () => undefined),
    stats: vi.fn<PeopleApi['stats']>(async () => ({ today: 1, yesterday: 2, week: 5, month: 17 })),
    pass: vi.fn<PeopleApi['pass']>(async (id) => passOf(id)),
    revokePass: vi.fn<PeopleApi['revokePass']>(async (id) => {
      pass += 1;
      return passOf(id);
    }),
    sendPass: vi.fn<PeopleApi['sendPass']>(async () => undefined),
    sendLink: vi.fn<PeopleApi['sendLink']>(async () => undefined),
    csv: vi.fn<PeopleApi['csv']>(async () => 'First name\r\n'),
    upload: vi.fn<PeopleApi['upload']>(async (_file, fields, onProgress) => {
      onProgress(50);
      onProgress(100);
      return reportFixture({ dryRun: fields.dryRun });
    }),
  } satisfies PeopleApi;
}
