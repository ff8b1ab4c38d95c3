import { z } from 'zod';
import { visitorTypes } from '../domain/visitorTypes.ts';
import { reportQuerySchema } from './reports.ts';

// The entry report and the attendance report (docs/reports.md): the visits of a period
// on the buildings' clocks, grouped; the people of the directory expected on working days and
// whether they came.

/** What the entry report groups the period's visits by. */
export const entryReportGroupings = ['host', 'company', 'type', 'building', 'day'] as const;
export type EntryReportGrouping = (typeof entryReportGroupings)[number];

/** The most groups one entry report lists (the largest first); past it, `capped`. */
export const ENTRY_REPORT_MAX_GROUPS = 500;

/** The days of the week by ISO number (index 0 is Monday), as the catalogue names them. */
export const isoWeekdayNames = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A group's key as the drill-down names it back (a host's, a company's, a type, a building, a day). */
const groupKeySchema = z.string().max(300);

export const entryReportQuerySchema = reportQuerySchema.safeExtend({
  groupBy: z.enum(entryReportGroupings).default('host'),
});
export type EntryReportQuery = z.input<typeof entryReportQuerySchema>;

export const entryReportGroupSchema = z.object({
  /** The group's key, given back to list its visits ('' for "none": no host, no company). */
  key: z.string(),
  /** What the group is called (a host's name, a company, a type, a building's name, a day). */
  label: z.string(),
  /** Visits checked in during the period. */
  visits: z.number().int(),
  /** Distinct people: a person of the directory by their record, else by e-mail, else by name. */
  people: z.number().int(),
  /** Visits checked out (those whose stay is known). */
  checkedOut: z.number().int(),
  /** The sum of the checked-out visits' stays, in minutes (still-open visits are not counted). */
  totalStayMinutes: z.number(),
  /** totalStayMinutes / checkedOut, null without a checked-out visit. */
  averageStayMinutes: z.number().nullable(),
});
export type EntryReportGroup = z.infer<typeof entryReportGroupSchema>;

export const entryReportSchema = z
  .object({
    groupBy: z.enum(entryReportGroupings),
    /** The groups, most visits first (ties by label), at most ENTRY_REPORT_MAX_GROUPS. */
    groups: z.array(entryReportGroupSchema),
    /** More groups than listed. */
    capped: z.boolean(),
    /** The whole period's figures (every group, listed or not). */
    total: entryReportGroupSchema.omit({ key: true, label: true }),
  })
  .meta({ id: 'EntryReport' });
export type EntryReport = z.infer<typeof entryReportSchema>;

/**
 * The visits behind a figure: the period's visits of one group (`groupBy` and `key`), or of one
 * person of the directory (`personId`), or all; newest check-in first, paged.
 */
export const entryReportVisitsQuerySchema = reportQuerySchema
  .safeExtend({
    groupBy: z.enum(entryReportGroupings).optional(),
    key: groupKeySchema.optional(),
    personId: z.uuid().optional(),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.groupBy === undefined) !== (query.key === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['key'],
        message: 'groupBy and key go together',
        params: { errorCode: 'VALIDATION_FAILED' },
      });
    }
  });
export type EntryReportVisitsQuery = z.input<typeof entryReportVisitsQuerySchema>;

export const entryReportVisitSchema = z.object({
  id: z.uuid(),
  identifier: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  visitorType: z.enum(visitorTypes),
  host: z.string().nullable(),
  buildingId: z.uuid(),
  buildingName: z.string(),
  /** The building's zone: its times are read on its clock. */
  timeZoneId: z.string(),
  checkedInAt: z.string(),
  checkedOutAt: z.string().nullable(),
  /** Minutes from check-in to check-out; null while the visit is open. */
  stayMinutes: z.number().nullable(),
});
export type EntryReportVisit = z.infer<typeof entryReportVisitSchema>;

export const entryReportVisitsSchema = z
  .object({ docs: z.array(entryReportVisitSchema), totalDocs: z.number().int() })
  .meta({ id: 'EntryReportVisits' });
export type EntryReportVisits = z.infer<typeof entryReportVisitsSchema>;

/** The attendance report's people, a page at a time. */
export const ATTENDANCE_PAGE_MAX = 200;

export const attendanceSorts = ['name', 'rate', 'department'] as const;

export const attendanceQuerySchema = reportQuerySchema.safeExtend({
  department: z.string().max(200).optional(),
  search: z.string().max(200).optional(),
  /** Only the people seen on no day of the period. */
  neverSeen: z.enum(['true', 'false']).optional(),
  sort: z.enum(attendanceSorts).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(ATTENDANCE_PAGE_MAX).optional(),
});
export type AttendanceQuery = z.input<typeof attendanceQuerySchema>;

const rateFields = {
  /** People counted. */
  people: z.number().int(),
  /** Working days they were expected, summed. */
  expectedDays: z.number().int(),
  /** Of those, the days they came in. */
  attendedDays: z.number().int(),
  /** attendedDays / expectedDays (0..1), null when nobody was expected. */
  rate: z.number().nullable(),
  /** People seen on no day of the period. */
  neverSeen: z.number().int(),
};

export const attendancePersonSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  department: z.string().nullable(),
  visitorType: z.enum(['EMPLOYEE', 'RESIDENT']),
  buildingId: z.uuid(),
  buildingName: z.string(),
  /** Working days of the period within their validity, up to today. */
  expectedDays: z.number().int(),
  /** Of those, the days they came in. */
  attendedDays: z.number().int(),
  /** attendedDays / expectedDays, null when none was expected. */
  rate: z.number().nullable(),
  /** Every day they came in (working or not), yyyy-MM-dd on the building's clock. */
  seenDays: z.array(z.string()),
  /** The expected days they did not come in. */
  absentDays: z.array(z.string()),
});
export type AttendancePerson = z.infer<typeof attendancePersonSchema>;

export const attendanceReportSchema = z
  .object({
    docs: z.array(attendancePersonSchema),
    totalDocs: z.number().int(),
    total: z.object(rateFields),
    departments: z.array(z.object({ department: z.string().nullable(), ...rateFields })),
    buildings: z.array(
      z.object({
        buildingId: z.uuid(),
        buildingName: z.string(),
        workingDays: z.array(z.number().int()),
        ...rateFields,
      }),
    ),
    /** The departments of the chosen buildings' people, for the filter. */
    departmentNames: z.array(z.string()),
  })
  .meta({ id: 'AttendanceReport' });
export type AttendanceReport = z.infer<typeof attendanceReportSchema>;
