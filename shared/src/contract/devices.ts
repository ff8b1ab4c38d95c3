import { z } from 'zod';
import { idParamsSchema } from '../schemas/common.ts';
import {
  createEnrolmentRequestSchema,
  createEnrolmentResponseSchema,
  renameDeviceRequestSchema,
} from '../sync/enrolment.ts';
import { heldApplyResultSchema, heldMutationSchema, rejectedMutationSchema } from '../sync/protocol.ts';
import { endpoint } from './endpoint.ts';

// A building's kiosks as its managers see them in the building dialog.

const tags = ['kiosk enrolment'];
const deviceParams = z.object({ id: z.uuid(), deviceId: z.uuid() });
const heldParams = z.object({ id: z.uuid(), deviceId: z.uuid(), mutationId: z.uuid() });

const kioskDeviceSchema = z.object({
  deviceId: z.uuid(),
  /** Enrolled kiosks have a name and an enrolment date; legacy ones have neither. */
  name: z.string().nullable(),
  enrolledAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  lastIp: z.string().nullable(),
  appVersion: z.string().nullable(),
  configVersion: z.string().nullable(),
  pendingCount: z.number().int(),
  rejectedCount: z.number().int(),
  clockSkewMs: z.number().int(),
  clockSkewFlagged: z.boolean(),
  alerts: z.array(z.object({ kind: z.enum(['SEQ_GAP', 'CLOCK_SKEW']), details: z.string(), createdAt: z.string() })),
});

export const devicesContract = {
  'GET /building/:id/devices': endpoint({
    tags: ['kiosk sync'],
    summary:
      'The kiosks of a building: last contact, pending and rejected counts, alerts, and the rejected entries to resolve',
    params: idParamsSchema,
    response: z.object({ devices: z.array(kioskDeviceSchema), rejected: z.array(rejectedMutationSchema) }),
    errors: ['NOT_FOUND'],
  }),
  'PATCH /sync/rejected/:mutationId/resolve': endpoint({
    tags: ['kiosk sync'],
    summary: 'Mark a rejected kiosk entry as resolved',
    params: z.object({ mutationId: z.uuid() }),
    response: z.object({ mutationId: z.uuid() }),
    errors: ['NOT_FOUND'],
  }),
  'GET /building/:id/devices/held': endpoint({
    tags: ['kiosk sync'],
    summary: 'The entries revoked kiosks of the building delivered after their revocation, held for review',
    params: idParamsSchema,
    response: z.object({ held: z.array(heldMutationSchema) }),
    errors: ['NOT_FOUND'],
  }),
  'POST /building/:id/devices/:deviceId/held/:mutationId/apply': endpoint({
    tags: ['kiosk sync'],
    summary:
      "Apply a revoked kiosk's held entry with the same check-in or check-out rules as a push, at its time; " +
      'refused by them, it becomes a refused entry to resolve',
    params: heldParams,
    response: heldApplyResultSchema,
    errors: ['NOT_FOUND', 'KIOSK_ENTRY_NOT_HELD'],
  }),
  'POST /building/:id/devices/:deviceId/held/:mutationId/discard': endpoint({
    tags: ['kiosk sync'],
    summary: "Discard a revoked kiosk's held entry: it changes nothing and stays recorded as discarded",
    params: heldParams,
    response: z.object({ mutationId: z.uuid() }),
    errors: ['NOT_FOUND', 'KIOSK_ENTRY_NOT_HELD'],
  }),
  'POST /building/:id/devices/enrolments': endpoint({
    tags,
    summary: 'A one-time enrolment code (15 minutes) and its link, to make a tablet a kiosk of the building (201)',
    params: idParamsSchema,
    body: createEnrolmentRequestSchema,
    response: createEnrolmentResponseSchema,
    alsoAnswers: [201],
    errors: ['NOT_FOUND'],
  }),
  'PATCH /building/:id/devices/:deviceId': endpoint({
    tags,
    summary: 'Rename a kiosk',
    params: deviceParams,
    body: renameDeviceRequestSchema,
    response: z.object({ deviceId: z.uuid(), name: z.string() }),
    errors: ['NOT_FOUND'],
  }),
  'POST /building/:id/devices/:deviceId/revoke': endpoint({
    tags,
    summary: 'Revoke a kiosk: its credential stops working at once',
    params: deviceParams,
    response: z.object({ deviceId: z.uuid(), revokedAt: z.string() }),
    errors: ['NOT_FOUND'],
  }),
};
