import { z } from 'zod';
import { errorCodes } from '../errors.ts';

export const uuidSchema = z.uuid();
export const idParamsSchema = z.object({ id: z.uuid() });

export const errorBodySchema = z
  .object({
    errorCode: z.enum(errorCodes),
    msg: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    issues: z.array(z.object({ path: z.string(), errorCode: z.enum(errorCodes), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

/** The query parameters a list takes: sort, order (-1, 1, 0), page, limit, search, filter, fields. */
export const listQuerySchema = z.object({
  sort: z.string().max(64).optional(),
  order: z.coerce.number().int().min(-1).max(1).optional(),
  page: z.coerce.number().int().min(0).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  search: z.string().max(200).optional(),
  query: z.string().max(2000).optional(),
  fields: z.string().max(500).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ docs: z.array(item), totalDocs: z.number().int() });
}

/**
 * A list of a table that grows without bound (people, visits) counts exactly up to this many
 * rows and then stops: counting a hundred thousand rows for a pager costs more than the page.
 */
export const LIST_COUNT_CAP = 10_000;

/** A page and its count, exact up to LIST_COUNT_CAP; past it LIST_COUNT_CAP + 1 and `totalCapped`. */
export function cappedListResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ docs: z.array(item), totalDocs: z.number().int(), totalCapped: z.boolean() });
}

/** Optional text of a form: trimmed, at most `max` characters, empty or null read as null. */
export const optionalTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** An optional e-mail address of a form: trimmed, at most `max` characters, empty or null read as null. */
export const optionalEmailSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .pipe(z.email().nullable())
    .nullable()
    .optional();

export const okSchema = z.object({ ok: z.literal(true) });

/**
 * Refuses a date range on its `to` field: too long answers DATE_RANGE_TOO_LONG, an end before the
 * start VALIDATION_FAILED (the rules of each range are the callers': the entry log's 30 days, a
 * report's year).
 */
export function refuseDateRange(ctx: z.RefinementCtx, error: 'TOO_LONG' | 'ORDER' | null): void {
  if (error === 'TOO_LONG') {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'DATE_RANGE_TOO_LONG',
      params: { errorCode: 'DATE_RANGE_TOO_LONG' },
    });
  } else if (error === 'ORDER') {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'to before from',
      params: { errorCode: 'VALIDATION_FAILED' },
    });
  }
}
