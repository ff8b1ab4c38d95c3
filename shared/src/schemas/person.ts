import { z } from 'zod';
import { locales } from '../constants.ts';
import { hostNoticeChoices } from '../domain/hosts.ts';
import { smsChoiceProblem } from '../domain/phoneNumbers.ts';
import { visitorTypes } from '../domain/visitorTypes.ts';
import { cappedListResponseSchema, optionalEmailSchema, optionalTextSchema } from './common.ts';

// The people directory: a company's regulars
// (employees, contractors, residents, frequent visitors), each of one building, with an access
// pass and, optionally, a personal PIN for the PIN identification at the door.

/** A person's field limits (names as long as the check-in form's). */
export const PERSON_LIMITS = {
  name: 64,
  email: 254,
  phone: 40,
  companyName: 126,
  jobTitle: 254,
  department: 254,
  externalId: 254,
  /** Minutes: a default meeting duration is 5 minutes to 24 hours, in steps of 5. */
  durationMin: 5,
  durationMax: 24 * 60,
  durationStep: 5,
  /** A personal PIN: 4 to 8 digits. */
  pinMin: 4,
  pinMax: 8,
} as const;

/** A calendar day, yyyy-MM-dd (validity is read in the building's time zone). */
export const isoDaySchema = z.iso.date();

const name = z.string().trim().min(1).max(PERSON_LIMITS.name);

/**
 * Where a person of the directory stands at their building now: in; awaited with their entry
 * answers given ahead (pending); checked out today and able to check in again without answering
 * (check-in back possible); checked out today; their awaited visit lapsed today (expired); none.
 */
export const personStatuses = ['IN', 'PENDING', 'CHECK_IN_BACK', 'OUT', 'EXPIRED', 'NONE'] as const;
export type PersonStatus = (typeof personStatuses)[number];

/** A person as the directory answers it (never the PIN, only whether one is set). */
export const personSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    visitorType: z.enum(visitorTypes),
    externalId: z.string().nullable(),
    jobTitle: z.string().nullable(),
    department: z.string().nullable(),
    /** A contractor's company. */
    companyName: z.string().nullable(),
    /** Minutes; an employee's default meeting duration (required for employees). */
    defaultDuration: z.number().int().nullable(),
    validFrom: isoDaySchema.nullable(),
    validTo: isoDaySchema.nullable(),
    /** The language of the e-mails sent to the person. */
    locale: z.enum(locales),
    /** How the person hears of a visitor's arrival when they are the host: e-mail, or none. */
    hostNotice: z.enum(hostNoticeChoices),
    hasPin: z.boolean(),
    deactivated: z.boolean(),
    building: z.object({ id: z.uuid(), name: z.string() }),
    /** Where the person stands at their building now (docs/visits.md, "A person's status"). */
    status: z.enum(personStatuses),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

const personFields = {
  firstName: name,
  lastName: name,
  email: optionalEmailSchema(PERSON_LIMITS.email),
  phone: optionalTextSchema(PERSON_LIMITS.phone),
  visitorType: z.enum(visitorTypes),
  externalId: optionalTextSchema(PERSON_LIMITS.externalId),
  jobTitle: optionalTextSchema(PERSON_LIMITS.jobTitle),
  department: optionalTextSchema(PERSON_LIMITS.department),
  companyName: optionalTextSchema(PERSON_LIMITS.companyName),
  defaultDuration: z
    .number()
    .int()
    .min(PERSON_LIMITS.durationMin)
    .max(PERSON_LIMITS.durationMax)
    .multipleOf(PERSON_LIMITS.durationStep)
    .nullable()
    .optional(),
  validFrom: isoDaySchema.nullable().optional(),
  validTo: isoDaySchema.nullable().optional(),
  locale: z.enum(locales).optional(),
  hostNotice: z.enum(hostNoticeChoices).optional(),
  /** A new personal PIN (digits), or null to remove it; absent leaves it as it is. */
  pinCode: z
    .string()
    .regex(new RegExp(`^\\d{${PERSON_LIMITS.pinMin},${PERSON_LIMITS.pinMax}}$`))
    .nullable()
    .optional(),
  deactivated: z.boolean().optional(),
  buildingId: z.uuid(),
};

type PersonFieldsInput = {
  hostNotice?: string | undefined;
  phone?: string | null | undefined;
  visitorType?: string;
  defaultDuration?: number | null;
  validFrom?: string | null;
  validTo?: string | null;
};

/** Rules across fields: an employee has a default duration; a validity ends after it starts. */
function checkPerson(person: PersonFieldsInput, ctx: z.RefinementCtx): void {
  if (person.visitorType === 'EMPLOYEE' && (person.defaultDuration === null || person.defaultDuration === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['defaultDuration'],
      message: 'PEOPLE_DEFAULT_DURATION_REQUIRED',
      params: { errorCode: 'PEOPLE_DEFAULT_DURATION_REQUIRED' },
    });
  }
  if (person.validFrom && person.validTo && person.validTo < person.validFrom) {
    ctx.addIssue({
      code: 'custom',
      path: ['validTo'],
      message: 'PEOPLE_VALID_TO_BEFORE_VALID_FROM',
      params: { errorCode: 'PEOPLE_VALID_TO_BEFORE_VALID_FROM' },
    });
  }
  // Told by SMS needs a mobile number; a change that leaves the number out keeps the stored one.
  const smsProblem = person.phone === undefined ? null : smsChoiceProblem(person.hostNotice, person.phone);
  if (smsProblem) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: smsProblem, params: { errorCode: smsProblem } });
  }
}

export const personInputSchema = z.object(personFields).superRefine(checkPerson);
export type PersonInput = z.infer<typeof personInputSchema>;

// No component names for these two: their transforms make input and output differ, which the
// OpenAPI document cannot name once.

/** A change: any field; the cross-field rules apply to the person as it will be (checked by the server). */
export const personUpdateSchema = z.object(personFields).partial();
export type PersonUpdate = z.infer<typeof personUpdateSchema>;

export const peopleSortColumns = [
  'lastName',
  'firstName',
  'email',
  'visitorType',
  'externalId',
  'companyName',
  'createdAt',
] as const;

export const peopleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  sort: z.enum(peopleSortColumns).optional(),
  order: z.coerce.number().int().min(-1).max(1).optional(),
  /** Part of a name, e-mail, phone, external id or company. */
  search: z.string().trim().max(200).optional(),
  visitorType: z.enum(visitorTypes).optional(),
  buildingId: z.uuid().optional(),
  /** true: not deactivated; false: deactivated. */
  active: z.enum(['true', 'false']).optional(),
  /** Only the people whose validity covers today (in their building's time zone). */
  validToday: z.enum(['true']).optional(),
});
export type PeopleListQuery = z.infer<typeof peopleListQuerySchema>;

export const peopleListSchema = cappedListResponseSchema(personSchema);
export type PeopleList = z.infer<typeof peopleListSchema>;

/** Entries (check-ins) of a person, counted in their building's time zone. */
export const personStatsSchema = z
  .object({
    today: z.number().int(),
    yesterday: z.number().int(),
    week: z.number().int(),
    month: z.number().int(),
  })
  .meta({ id: 'PersonStats' });
export type PersonStats = z.infer<typeof personStatsSchema>;

/** A person's access pass: the identifier its QR code encodes, the QR code, and the check-in link. */
export const personPassSchema = z
  .object({
    identifier: z.string(),
    /** data:image/png;base64,... */
    qrcode: z.string(),
    /** The personal check-in link (the building's check-in page with the person's identifier). */
    link: z.url(),
  })
  .meta({ id: 'PersonPass' });
export type PersonPass = z.infer<typeof personPassSchema>;

/** The columns a people file may map; the first four are required. */
export const peopleUploadColumns = [
  'firstName',
  'lastName',
  'buildingId',
  'visitorType',
  'email',
  'phone',
  'companyName',
  'jobTitle',
  'department',
  'externalId',
  'defaultDuration',
  'validFrom',
  'validTo',
] as const;
export type PeopleUploadColumn = (typeof peopleUploadColumns)[number];

export const peopleDateFormats = ['yyyy-MM-dd', 'dd/MM/yyyy', 'MM/dd/yyyy', 'dd.MM.yyyy'] as const;

/**
 * The fields of the multipart upload besides the file: which column of the file holds which
 * field (0-based indexes, as JSON), how its dates are written, the type and the building given
 * to rows without one, the default duration of employees without one, the first row that holds
 * data (1-based; 2 skips a heading row), and whether to write.
 */
export const peopleUploadFieldsSchema = z.object({
  columns: z.partialRecord(z.enum(peopleUploadColumns), z.number().int().min(0).max(200)),
  datesFormat: z.enum(peopleDateFormats),
  visitorType: z.enum(visitorTypes).optional(),
  /** The building of rows without one: its id, its Building Id or its name, as a cell names it. */
  buildingId: z.string().trim().min(1).max(128).optional(),
  /** Minutes: the default duration of employees whose row and record have none. */
  defaultDuration: z
    .number()
    .int()
    .min(PERSON_LIMITS.durationMin)
    .max(PERSON_LIMITS.durationMax)
    .multipleOf(PERSON_LIMITS.durationStep)
    .optional(),
  firstRow: z.number().int().min(1).max(1_000_000),
  /** true: check every row and answer the report, writing nothing. */
  dryRun: z.boolean(),
});
export type PeopleUploadFields = z.infer<typeof peopleUploadFieldsSchema>;

/** One refusal of the file: its row (1-based, as a spreadsheet numbers it), column and code. */
export const peopleUploadIssueSchema = z.object({
  row: z.number().int(),
  column: z.enum(peopleUploadColumns).nullable(),
  errorCode: z.string(),
});

export const peopleUploadReportSchema = z
  .object({
    /** "Imported {count} from {total}" (PEOPLE_UPLOAD_SUMMARY), or what a dry run would import. */
    msg: z.string(),
    dryRun: z.boolean(),
    /** Rows written (or that would be): new people and people updated by external id. */
    count: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    /** Data rows read. */
    total: z.number().int(),
    issues: z.array(peopleUploadIssueSchema),
    /** Reading stopped at PEOPLE_UPLOAD_TOO_MANY_ERRORS. */
    stopped: z.boolean(),
  })
  .meta({ id: 'PeopleUploadReport' });
export type PeopleUploadReport = z.infer<typeof peopleUploadReportSchema>;
