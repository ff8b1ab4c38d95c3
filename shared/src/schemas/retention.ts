import { z } from 'zod';

/**
 * What a company keeps about its visitors, each for its own number of days (docs/privacy.md,
 * "Retention"): its visits (then anonymised), the visitors' photos, their signatures and their
 * health data (questionnaire answers and temperatures), each then erased.
 */
export const retentionKinds = ['visits', 'photos', 'signatures', 'health'] as const;
export type RetentionKind = (typeof retentionKinds)[number];

/** Each kind's period in days: the default, and the shortest and longest a company may choose. */
export const RETENTION_DAYS: Record<RetentionKind, { default: number; min: number; max: number }> = {
  visits: { default: 400, min: 30, max: 3650 },
  photos: { default: 30, min: 1, max: 3650 },
  signatures: { default: 30, min: 1, max: 3650 },
  health: { default: 14, min: 1, max: 3650 },
};

const days = (kind: RetentionKind) => z.number().int().min(RETENTION_DAYS[kind].min).max(RETENTION_DAYS[kind].max);

export const retentionPeriodsSchema = z
  .object({
    visits: days('visits'),
    photos: days('photos'),
    signatures: days('signatures'),
    health: days('health'),
  })
  .meta({ id: 'RetentionPeriods' });
export type RetentionPeriods = z.infer<typeof retentionPeriodsSchema>;

/** A building's own periods; null keeps the company's. */
export const retentionOverridesSchema = z
  .object({
    visits: days('visits').nullable(),
    photos: days('photos').nullable(),
    signatures: days('signatures').nullable(),
    health: days('health').nullable(),
  })
  .meta({ id: 'RetentionOverrides' });
export type RetentionOverrides = z.infer<typeof retentionOverridesSchema>;

/** The most a preview counts of one kind: past it, "more than". */
export const RETENTION_COUNT_CAP = 100_000;

/** How many rows of a kind are due: what the next run erases, before it runs. */
export const retentionCountSchema = z.object({
  count: z.number().int().min(0),
  /** The count reached RETENTION_COUNT_CAP and stopped there. */
  capped: z.boolean(),
});
export type RetentionCount = z.infer<typeof retentionCountSchema>;

export const retentionDueSchema = z
  .object({
    visits: retentionCountSchema,
    photos: retentionCountSchema,
    signatures: retentionCountSchema,
    health: retentionCountSchema,
  })
  .meta({ id: 'RetentionDue' });
export type RetentionDue = z.infer<typeof retentionDueSchema>;

/** A company has at most this many buildings with periods of their own in one change. */
export const RETENTION_OVERRIDES_MAX = 10_000;

export const retentionUpdateSchema = z
  .object({
    company: retentionPeriodsSchema,
    /** The buildings with periods of their own; a building left out keeps the company's. */
    buildings: z.array(z.object({ id: z.uuid(), overrides: retentionOverridesSchema })).max(RETENTION_OVERRIDES_MAX),
  })
  .meta({ id: 'RetentionUpdate' });
export type RetentionUpdate = z.infer<typeof retentionUpdateSchema>;

export const retentionSettingsSchema = z
  .object({
    company: retentionPeriodsSchema,
    buildings: z.array(z.object({ id: z.uuid(), name: z.string(), overrides: retentionOverridesSchema })),
    /** What the next run would erase under these periods, counted now. */
    due: retentionDueSchema,
  })
  .meta({ id: 'RetentionSettings' });
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
