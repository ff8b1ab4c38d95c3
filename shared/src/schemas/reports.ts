import { z } from 'zod';
import { reportPeriodError } from '../domain/reportPeriod.ts';
import { refuseDateRange } from './common.ts';

/** The most buildings one report compares side by side. */
export const REPORT_MAX_BUILDINGS = 10;

/** A calendar day, yyyy-MM-dd. */
export const calendarDaySchema = z.iso.date();

/** Building ids in a query string, as one comma-separated list (1 to REPORT_MAX_BUILDINGS). */
export const buildingIdListSchema = z
  .string()
  .max(REPORT_MAX_BUILDINGS * 37)
  .transform((text) => text.split(',').filter((id) => id !== ''))
  .pipe(z.array(z.uuid()).min(1).max(REPORT_MAX_BUILDINGS));

/**
 * What every report is asked for: the buildings (each on its own clock) and the period, whole days
 * of the building's calendar, both ends included, at most a year (DATE_RANGE_TOO_LONG; `to` before
 * `from`: VALIDATION_FAILED). Buildings the caller does not see answer 404.
 */
export const reportQuerySchema = z
  .object({ buildingIds: buildingIdListSchema, from: calendarDaySchema, to: calendarDaySchema })
  .superRefine((query, ctx) => refuseDateRange(ctx, reportPeriodError(query)));
export type ReportQuery = z.infer<typeof reportQuerySchema>;
