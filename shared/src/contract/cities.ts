import { z } from 'zod';
import { idParamsSchema, okSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

// Cities: a company's list of city names, which the address forms suggest. A name is
// unique in its company whatever its case (CITY_ALREADY_EXISTS).

const tags = ['cities'];

/** At most the length of an address's city. */
export const CITY_NAME_MAX = 80;

export const citySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'City' });
export type City = z.infer<typeof citySchema>;

/** A city's name: trimmed, runs of spaces made one. */
export const cityNameSchema = z
  .string()
  .transform((name) => name.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1).max(CITY_NAME_MAX));

export const cityInputSchema = z.object({ name: cityNameSchema });
export type CityInput = z.infer<typeof cityInputSchema>;

export const cityListQuerySchema = z.object({
  /** Names containing this text, in any case. */
  search: z.string().trim().max(CITY_NAME_MAX).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  /** 500 when absent: a company's whole list, for the address forms. */
  limit: z.coerce.number().int().min(1).max(500).optional(),
  /** 1 (A to Z, the default) or -1. */
  order: z.coerce.number().int().min(-1).max(1).optional(),
});
export type CityListQuery = z.infer<typeof cityListQuerySchema>;

export const cityListSchema = z.object({ docs: z.array(citySchema), totalDocs: z.number().int() });
export type CityList = z.infer<typeof cityListSchema>;

export const citiesContract = {
  'GET /city': endpoint({
    tags,
    summary: "The current company's cities by name, searched and paged",
    query: cityListQuerySchema,
    response: cityListSchema,
    errors: [],
  }),
  'POST /city': endpoint({
    tags,
    summary: 'Add a city to the current company (201)',
    body: cityInputSchema,
    response: citySchema,
    alsoAnswers: [201],
    errors: ['CITY_ALREADY_EXISTS'],
  }),
  'PATCH /city/:id': endpoint({
    tags,
    summary: 'Rename a city',
    params: idParamsSchema,
    body: cityInputSchema,
    response: citySchema,
    errors: ['NOT_FOUND', 'CITY_ALREADY_EXISTS'],
  }),
  'DELETE /city/:id': endpoint({
    tags,
    summary: 'Delete a city (addresses that name it keep their text)',
    params: idParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND'],
  }),
};
