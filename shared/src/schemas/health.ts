import { z } from 'zod';

export const healthResponseSchema = z
  .object({
    status: z.enum(['UP', 'DOWN']),
    components: z.object({ db: z.object({ status: z.enum(['UP', 'DOWN']), database: z.string() }) }),
  })
  .meta({ id: 'Health' });

export const versionResponseSchema = z.object({ version: z.string() });
