import { z } from 'zod';
import { visitorTypes } from '../domain/visitorTypes.ts';

// The evacuation list's answer: GET /evacuation/{buildingId}. The grouping and the
// roll call's rule are in domain/evacuation.ts (zod-free, for the kiosk).

export const evacuationParamsSchema = z.object({ buildingId: z.uuid() });

export const evacuationPersonSchema = z
  .object({
    visitId: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    companyName: z.string().nullable(),
    host: z.string().nullable(),
    checkedInAt: z.string(),
  })
  .meta({ id: 'EvacuationPerson' });

export const evacuationListSchema = z
  .object({
    building: z.object({ id: z.uuid(), name: z.string(), timeZoneId: z.string() }),
    /** When the server read the list (ISO 8601): the printed page says how fresh it is. */
    generatedAt: z.string(),
    total: z.number().int().nonnegative(),
    /** One group per person type, always the four in the same order; a group may be empty. */
    groups: z.array(z.object({ visitorType: z.enum(visitorTypes), people: z.array(evacuationPersonSchema) })),
  })
  .meta({ id: 'EvacuationList' });
export type EvacuationList = z.infer<typeof evacuationListSchema>;
