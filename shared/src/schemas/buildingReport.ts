import { z } from 'zod';
import { visitorTypes } from '../domain/visitorTypes.ts';
import { calendarDaySchema } from './reports.ts';

// The building report (docs/reports.md, "Building report"): per building, on its own clock, the
// visits of a period and what they tell a workplace manager.

const count = z.number().int().nonnegative();

/** Visits of a day by person type (every type present, 0 when none). */
export const visitsByTypeSchema = z.object(
  Object.fromEntries(visitorTypes.map((type) => [type, count])) as Record<(typeof visitorTypes)[number], typeof count>,
);

export const buildingReportDaySchema = z.object({
  /** The building's calendar day, yyyy-MM-dd. */
  day: calendarDaySchema,
  /** Check-ins of the day, by person type. */
  byType: visitsByTypeSchema,
  /** The most people inside at once during the day. */
  peak: count,
  /** The first moment the peak was reached (ISO instant), or null when nobody was inside. */
  peakAt: z.string().nullable(),
});

export const buildingReportRankSchema = z.object({ name: z.string(), visits: count });

export const buildingReportTotalsSchema = z.object({
  visits: count,
  /** Different people among the visits (the returning-visitor rule's person). */
  people: count,
  /** Mean and median stay of the visits checked out, in minutes (one decimal); null without any. */
  averageStayMinutes: z.number().nonnegative().nullable(),
  medianStayMinutes: z.number().nonnegative().nullable(),
  noShows: count,
  refusals: count,
  overdue: count,
  autoCheckOuts: count,
  /** People who had visited the building before the period. */
  returning: count,
  /** People whose first visit of the building is in the period. */
  firstTime: count,
});

export const buildingReportOfBuildingSchema = z.object({
  building: z.object({ id: z.uuid(), name: z.string(), timeZoneId: z.string() }),
  totals: buildingReportTotalsSchema,
  days: z.array(buildingReportDaySchema),
  /** Check-ins by the building's weekday (0 Monday ... 6 Sunday) and hour (0 ... 23). */
  heatMap: z.array(z.array(count).length(24)).length(7),
  /** The ten hosts with the most visits, most first. */
  topHosts: z.array(buildingReportRankSchema),
  /** The ten visiting companies with the most visits, most first. */
  topCompanies: z.array(buildingReportRankSchema),
});

export const buildingReportSchema = z.object({
  from: calendarDaySchema,
  to: calendarDaySchema,
  /** When the report was made: a visit still inside counts until then. */
  generatedAt: z.string(),
  buildings: z.array(buildingReportOfBuildingSchema),
});

export type BuildingReport = z.infer<typeof buildingReportSchema>;
export type BuildingReportOfBuilding = z.infer<typeof buildingReportOfBuildingSchema>;
export type BuildingReportDay = z.infer<typeof buildingReportDaySchema>;
