import { z } from 'zod';
import { rollCallReasons, rollCallStatuses } from '../domain/rollCall.ts';
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
    /** A number to call them on: the visit's, else their directory record's. */
    phone: z.string().nullable(),
    /** The visit has the person's photo (GET /meeting/{id}/photo): a warden recognises faces. */
    hasPhoto: z.boolean(),
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

// The roll call (docs/visits.md, "The roll call"): GET /evacuation/{buildingId}/rollCall and the
// calls that start, mark and end one. The rule of the current marks is domain/rollCall.ts.

export const rollCallParamsSchema = z.object({ buildingId: z.uuid(), rollCallId: z.uuid() });
export const rollCallMarkParamsSchema = rollCallParamsSchema.extend({ visitId: z.uuid() });

export const rollCallStartSchema = z
  .object({ reason: z.enum(rollCallReasons) })
  .meta({ id: 'RollCallStart', description: 'ALARM: a real evacuation; DRILL: an exercise.' });

export const rollCallMarkBodySchema = z.object({ status: z.enum(rollCallStatuses) }).meta({ id: 'RollCallMarkBody' });

const rollCallActorSchema = z
  .object({
    kind: z.enum(['user', 'kiosk']),
    /** The user's name, or the kiosk's name (null for a kiosk without one). */
    name: z.string().nullable(),
  })
  .meta({ id: 'RollCallActor' });

export const rollCallMarkSchema = z
  .object({
    visitId: z.uuid(),
    /** null in the history: the mark was taken back. */
    status: z.enum(rollCallStatuses).nullable(),
    markedAt: z.string(),
    markedBy: rollCallActorSchema,
  })
  .meta({ id: 'RollCallMark' });

export const rollCallSchema = z
  .object({
    id: z.uuid(),
    buildingId: z.uuid(),
    reason: z.enum(rollCallReasons),
    startedAt: z.string(),
    startedBy: rollCallActorSchema,
    /** Null while it runs. */
    endedAt: z.string().nullable(),
    endedBy: rollCallActorSchema.nullable(),
    /** Each marked person's mark now: the later by its time (unmarked people are left out). */
    marks: z.array(rollCallMarkSchema.extend({ status: z.enum(rollCallStatuses) })),
    /** Every mark, in the order they were recorded: who marked whom, how and when. */
    history: z.array(rollCallMarkSchema),
  })
  .meta({ id: 'RollCall' });
export type RollCall = z.infer<typeof rollCallSchema>;

export const currentRollCallSchema = z
  .object({
    /** The running roll call, else the last one if it ended within the last 12 hours, else null. */
    rollCall: rollCallSchema.nullable(),
  })
  .meta({ id: 'CurrentRollCall' });
export type CurrentRollCall = z.infer<typeof currentRollCallSchema>;
