import { buildingReportSchema } from '../schemas/buildingReport.ts';
import { reportQuerySchema } from '../schemas/reports.ts';
import { endpoint } from './endpoint.ts';

// The building report (docs/reports.md, "Building report"): administrators, masters and
// supervisors, in the request's company; a building of another company or not assigned to a
// supervisor answers 404 and is never counted.

export const buildingReportContract = {
  'GET /reports/building': endpoint({
    tags: ['reports'],
    summary:
      "Each building's visits over whole days of its own calendar: per day by person type with the peak occupancy, the weekday × hour heat map, stays, no-shows, refusals, overdue and automatic check-outs, returning and first-time visitors, top hosts and companies",
    query: reportQuerySchema,
    response: buildingReportSchema,
    errors: ['NOT_FOUND', 'DATE_RANGE_TOO_LONG'],
  }),
};
