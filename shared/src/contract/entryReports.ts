import {
  attendanceQuerySchema,
  attendanceReportSchema,
  entryReportQuerySchema,
  entryReportSchema,
  entryReportVisitsQuerySchema,
  entryReportVisitsSchema,
} from '../schemas/entryReports.ts';
import { endpoint } from './endpoint.ts';

// The entry report (/visit-reports) and the attendance report (/absence-reports), read by
// admins, masters and supervisors (docs/roles.md) in their company; a building of another company
// or not assigned to a supervisor answers 404 and is never counted (docs/reports.md).

const tags = ['reports'];
const errors = ['NOT_FOUND', 'DATE_RANGE_TOO_LONG'] as const;

export const entryReportsContract = {
  'GET /reports/entries': endpoint({
    tags,
    summary:
      "The visits checked in during a period (whole days on each building's clock), grouped by host, company, person type, building or day: visits, people, stays",
    query: entryReportQuerySchema,
    response: entryReportSchema,
    errors: [...errors],
  }),
  'GET /reports/entries/visits': endpoint({
    tags,
    summary: "The visits behind an entry report's figure (a group's, or a person's), newest check-in first, paged",
    query: entryReportVisitsQuerySchema,
    response: entryReportVisitsSchema,
    errors: [...errors],
  }),
  'GET /reports/entries/visits.csv': endpoint({
    tags,
    summary: "Every visit behind an entry report's figure as CSV (streamed), headings in the caller's language",
    // The drill-down's filters; every row (the page and limit are not read).
    query: entryReportVisitsQuerySchema,
    errors: [...errors],
  }),
  'GET /reports/attendance': endpoint({
    tags,
    summary:
      "The directory's employees and residents of the buildings: the working days of the period they were expected, the days they came in, rates by person, department and building; people paged",
    query: attendanceQuerySchema,
    response: attendanceReportSchema,
    errors: [...errors],
  }),
  'GET /reports/attendance/people.csv': endpoint({
    tags,
    summary:
      "The attendance report's people as CSV (every row, the list's filters), with their expected, attended and absent days, headings in the caller's language",
    query: attendanceQuerySchema,
    errors: [...errors],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
