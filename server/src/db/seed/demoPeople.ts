import { type Locale, type VisitorType, uuidv7 } from '@vestibule/shared';
import { hashPassword } from '../../modules/auth/password.ts';
import { newPassIdentifier } from '../../modules/people/peoplePass.ts';
import type { Db } from '../database.ts';
import { claimDemoMarker, demoHq } from './demoCommon.ts';

// Demo Corp's people directory: the regulars of Demo HQ, so the People screen, the
// pass scan and PIN identification can be tried on a fresh start. Written once, by its own
// marker in app_settings (a database seeded before the directory existed gets it at its next
// start). Names are fixed; only the pass identifiers are random, as the people service makes them.

/** The employee whose pass link and personal PIN `npm start` prints. */
export const DEMO_PASS_HOLDER = {
  firstName: 'Elena',
  lastName: 'Ortiz',
  externalId: 'EMP-0001',
  email: 'elena.ortiz@demo-corp.example',
  pin: '2468',
} as const;

const PEOPLE_MARKER = 'demo_people_seeded';

// Employees: first name, last name, job title, department, default duration (minutes).
const employees: [string, string, string, string, number][] = [
  ['Elena', 'Ortiz', 'Facilities Manager', 'Operations', 480],
  ['Daniel', 'Whitfield', 'Chief Financial Officer', 'Finance', 540],
  ['Priya', 'Raman', 'Engineering Manager', 'Engineering', 480],
  ['Marcus', 'Chen', 'Senior Software Engineer', 'Engineering', 480],
  ['Sofia', 'Lindqvist', 'Software Engineer', 'Engineering', 480],
  ['Jamal', 'Okafor', 'Software Engineer', 'Engineering', 450],
  ['Hannah', 'Brooks', 'QA Analyst', 'Engineering', 480],
  ['Lucas', 'Moreau', 'Systems Administrator', 'IT', 510],
  ['Aiko', 'Tanaka', 'IT Support Specialist', 'IT', 480],
  ['Grace', 'Mensah', 'Controller', 'Finance', 480],
  ['Oliver', 'Grant', 'Financial Analyst', 'Finance', 450],
  ['Camille', 'Dubois', 'Accountant', 'Finance', 450],
  ['Noah', 'Fischer', 'Account Executive', 'Sales', 420],
  ['Isabel', 'Navarro', 'Account Executive', 'Sales', 420],
  ['Ethan', 'Kowalski', 'Sales Manager', 'Sales', 480],
  ['Maya', 'Patel', 'Marketing Coordinator', 'Marketing', 450],
  ['Liam', "O'Connor", 'Content Strategist', 'Marketing', 450],
  ['Chloé', 'Tremblay', 'Brand Designer', 'Marketing', 450],
  ['Samuel', 'Adeyemi', 'HR Generalist', 'People & Culture', 480],
  ['Rachel', 'Goldberg', 'Recruiter', 'People & Culture', 450],
  ['Mateo', 'Herrera', 'Office Coordinator', 'Operations', 480],
  ['Zoe', 'Nguyen', 'Receptionist', 'Operations', 510],
  ['Victor', 'Petrov', 'Legal Counsel', 'Legal', 480],
  ['Amira', 'Haddad', 'Paralegal', 'Legal', 450],
  ['Benjamin', 'Clarke', 'Product Manager', 'Product', 480],
  ['Nadia', 'Rahimi', 'UX Researcher', 'Product', 450],
  ['Thomas', 'Bergeron', 'Data Analyst', 'Engineering', 450],
  ['Leah', 'Sullivan', 'Customer Success Manager', 'Sales', 480],
  ['Kenji', 'Watanabe', 'Security Coordinator', 'Operations', 540],
  ['Olivia', 'Martin', 'Executive Assistant', 'Executive Office', 480],
];

/** Left the company: still in the directory, deactivated. */
const DEACTIVATED = 'EMP-0029';

// Contractors: first name, last name, company, job title, e-mail domain.
const contractors: [string, string, string, string, string][] = [
  ['Jae-won', 'Park', 'Brightline Electric', 'Electrician', 'brightline-electric.example'],
  ['Connor', 'MacLeod', 'Northern HVAC Services', 'HVAC Technician', 'northern-hvac.example'],
  ['Fatima', 'Diallo', 'CleanSweep Facility Care', 'Cleaning Supervisor', 'cleansweep.example'],
  ['Diego', 'Ramírez', 'CleanSweep Facility Care', 'Cleaner', 'cleansweep.example'],
  ['Ivan', 'Novak', 'Summit Elevators', 'Elevator Mechanic', 'summit-elevators.example'],
  ['Claire', 'Beaumont', 'Beaumont & Lee Consulting', 'IT Consultant', 'beaumont-lee.example'],
  ['Rohan', 'Mehta', 'Guardian Security', 'Security Guard', 'guardian-security.example'],
  ['Tyler', 'Dawson', 'Greenleaf Landscaping', 'Gardener', 'greenleaf.example'],
];

/** Their contract ended last month: the pass no longer opens the door. */
const EXPIRED = 'CTR-0005';

// Residents of the building's upper floors: first name, last name, unit, language.
const residents: [string, string, string, Locale][] = [
  ['Margaret', 'Holloway', 'Unit 2104', 'en'],
  ['Jean-François', 'Gagnon', 'Unit 2207', 'fr'],
  ['Lucía', 'Fernández', 'Unit 2302', 'es'],
  ['Arjun', 'Kapoor', 'Unit 2410', 'en'],
  ['Élise', 'Roy', 'Unit 2503', 'fr'],
  ['Henry', 'Osei', 'Unit 2611', 'en'],
];

/** A name as an e-mail's local part: lower case, accents and punctuation dropped. */
const mailName = (first: string, last: string) =>
  `${first}.${last}`
    .normalize('NFD')
    .replace(/[^A-Za-z.-]/g, '')
    .toLowerCase();

/** A date `days` after `iso` (yyyy-MM-dd), as yyyy-MM-dd. */
export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Today in a time zone, as yyyy-MM-dd. */
export const todayIn = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * Writes the directory of Demo HQ once: about thirty employees, eight contractors and six
 * residents, each with a pass; one employee deactivated, one contractor whose validity ended
 * last month (in the building's time zone), and DEMO_PASS_HOLDER with a personal PIN. Answers
 * whether it wrote; nothing when already written or when Demo HQ is gone.
 */
export async function seedDemoPeople(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const building = await demoHq(trx);
    if (!building || !(await claimDemoMarker(trx, PEOPLE_MARKER, now.toISOString()))) return false;
    const today = todayIn(building.timeZoneId, now);
    const firstOfMonth = `${today.slice(0, 8)}01`;
    const lastMonthEnd = addDays(firstOfMonth, -1);
    const pinHash = await hashPassword(DEMO_PASS_HOLDER.pin);
    const phone = (n: number) => `+1 416 555 ${String(100 + n).padStart(4, '0')}`;
    const person = (fields: {
      first: string;
      last: string;
      type: VisitorType;
      externalId: string;
      email: string;
      phone: string | null;
    }) => ({
      id: uuidv7(),
      tenant_id: building.tenantId,
      building_id: building.id,
      first_name: fields.first,
      last_name: fields.last,
      email: fields.email,
      phone: fields.phone,
      visitor_type: fields.type,
      external_id: fields.externalId,
      job_title: null as string | null,
      department: null as string | null,
      company_name: null as string | null,
      default_duration: null as number | null,
      valid_from: null as string | null,
      valid_to: null as string | null,
      locale: 'en' as Locale,
      pin_hash: null as string | null,
      pass_identifier: newPassIdentifier(),
      deactivated: false,
    });

    const rows = [
      ...employees.map(([first, last, title, department, duration], i) => {
        const externalId = `EMP-${String(i + 1).padStart(4, '0')}`;
        const holder = externalId === DEMO_PASS_HOLDER.externalId;
        return {
          ...person({
            first,
            last,
            type: 'EMPLOYEE',
            externalId,
            email: `${mailName(first, last)}@demo-corp.example`,
            phone: i % 3 === 0 ? phone(i) : null,
          }),
          job_title: title,
          department,
          default_duration: duration,
          // Staff since some time ago; a few French speakers in a Toronto office.
          valid_from: addDays(firstOfMonth, -30 * (6 + (i % 24))),
          locale: (first === 'Camille' || first === 'Chloé' || last === 'Bergeron' ? 'fr' : 'en') as Locale,
          pin_hash: holder ? pinHash : null,
          deactivated: externalId === DEACTIVATED,
        };
      }),
      ...contractors.map(([first, last, company, title, domain], i) => {
        const externalId = `CTR-${String(i + 1).padStart(4, '0')}`;
        const expired = externalId === EXPIRED;
        return {
          ...person({
            first,
            last,
            type: 'CONTRACTOR',
            externalId,
            email: `${mailName(first, last)}@${domain}`,
            phone: phone(40 + i),
          }),
          company_name: company,
          job_title: title,
          default_duration: [240, 480, 360, 120][i % 4] ?? 240,
          // A contract window: from a few weeks ago to some months ahead, or ended last month.
          valid_from: expired ? addDays(firstOfMonth, -90) : addDays(today, -14 * (i + 1)),
          valid_to: expired ? lastMonthEnd : i % 3 === 2 ? null : addDays(today, 60 + 30 * i),
          locale: (last === 'Ramírez' ? 'es' : 'en') as Locale,
        };
      }),
      ...residents.map(([first, last, unit, locale], i) => ({
        ...person({
          first,
          last,
          type: 'RESIDENT',
          externalId: `RES-${String(i + 1).padStart(4, '0')}`,
          email: `${mailName(first, last)}@mail.example`,
          phone: phone(60 + i),
        }),
        department: unit,
        locale,
      })),
    ];
    await trx.insertInto('people').values(rows).execute();
    return true;
  });
}
