import { z } from 'zod';
import { locales } from '../constants.ts';
import { errorCodes } from '../errors.ts';
import { rollCallReasons, rollCallStatuses } from '../domain/rollCall.ts';
import { publicIdentifierPattern, visitIdentifierPattern, visitPinPattern } from '../domain/visitCodes.ts';
import { SIGNATURES_MAX } from '../domain/documents.ts';
import { documentSignatureInputSchema, documentSignaturesSchema } from '../schemas/document.ts';
import { checkInRequestSchema, checkOutRequestSchema } from '../schemas/visit.ts';
import { MAX_MUTATIONS_PER_PUSH } from './constants.ts';

// The kiosk sync protocol (docs/kiosk.md, "Sync exactly once"): the kiosk commits each check-in, check-out or
// roll-call action locally
// with a client-generated mutation id, then pushes batches; the server applies each entry
// exactly once and answers per entry.

const mutationBase = {
  mutationId: z.uuid(),
  deviceId: z.uuid(),
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** The visit: the id the kiosk generated at check-in, kept by the server. */
  visitId: z.uuid(),
  occurredAt: z.iso.datetime({ offset: true }),
};

/** The code, public identifier and PIN the device gave the person (kept unless another visit has them). */
export const visitCodesSchema = z.object({
  identifier: z.string().regex(visitIdentifierPattern),
  publicIdentifier: z.string().regex(publicIdentifierPattern),
  pin: z.string().regex(visitPinPattern),
});

/**
 * A queued check-in is never lost for a signature (docs/check-in.md, "Signed documents"): one
 * the schema cannot read (a malformed or oversized image, a missing name) is dropped here, and
 * the server drops one its checks refuse; the entry is applied with the others.
 */
function readableSignatures(value: unknown): unknown {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter((signature) => documentSignatureInputSchema.safeParse(signature).success)
    .slice(0, SIGNATURES_MAX);
}

export const checkInMutationSchema = z.object({
  ...mutationBase,
  type: z.literal('checkIn'),
  payload: checkInRequestSchema.omit({ id: true, deviceId: true }).extend({
    signatures: z.preprocess(readableSignatures, documentSignaturesSchema),
    codes: visitCodesSchema.optional(),
    /** The language the person used on the device: their e-mails are written in it. */
    locale: z.enum(locales).optional(),
  }),
});

export const checkOutMutationSchema = z.object({
  ...mutationBase,
  type: z.literal('checkOut'),
  payload: checkOutRequestSchema,
});

/**
 * A warden's action on the kiosk's staff screen (docs/kiosk.md, "The roll call on a kiosk"): start a
 * roll call (with an id the kiosk makes: the server's own when it knew of one, else a new one that
 * joins the building's roll call of that moment), mark a person of the list present or absent or
 * take the mark back (`status: null`), end it. `visitId` is the person marked, null for a start or
 * an end.
 */
export const rollCallMutationSchema = z.object({
  ...mutationBase,
  visitId: z.uuid().nullable(),
  type: z.literal('rollCall'),
  payload: z.discriminatedUnion('action', [
    z.object({ action: z.literal('start'), rollCallId: z.uuid(), reason: z.enum(rollCallReasons) }),
    z.object({ action: z.literal('mark'), rollCallId: z.uuid(), status: z.enum(rollCallStatuses).nullable() }),
    z.object({ action: z.literal('end'), rollCallId: z.uuid() }),
  ]),
});

export const mutationSchema = z.discriminatedUnion('type', [
  checkInMutationSchema,
  checkOutMutationSchema,
  rollCallMutationSchema,
]);
export type Mutation = z.input<typeof mutationSchema>;
export type CheckInMutation = z.input<typeof checkInMutationSchema>;
export type CheckOutMutation = z.input<typeof checkOutMutationSchema>;
export type RollCallMutation = z.input<typeof rollCallMutationSchema>;
export const mutationTypes = ['checkIn', 'checkOut', 'rollCall'] as const;

/**
 * What the server checks of the batch as a whole: the envelope and each mutation's identity.
 * Each payload is checked on its own (mutationSchema), so one bad entry is answered
 * `rejected VALIDATION_FAILED` and never blocks the entries after it.
 */
export const mutationEnvelopeSchema = z.object({
  ...mutationBase,
  visitId: z.uuid().nullable(),
  type: z.enum(mutationTypes),
  payload: z.unknown(),
});

const pushShape = {
  deviceId: z.uuid(),
  /** The device's clock when it sent the batch, for the skew estimate. */
  sentAt: z.iso.datetime({ offset: true }),
  /** The building this kiosk was provisioned for (or whose link a visitor's phone opened). */
  qrCodeKey: z.string().min(1).max(64),
  /**
   * kiosk: a lobby tablet (the building's kiosk address list applies); ownDevice: a visitor's
   * phone, whose check-ins carry the printed link's mobile token like the online call.
   */
  channel: z.enum(['kiosk', 'ownDevice']).default('kiosk'),
  appVersion: z.string().max(32).optional(),
  configVersion: z.string().max(64).optional(),
  /** What the device still holds unsynced after this batch, for the staff screens. */
  pendingCount: z.number().int().min(0).max(1_000_000).optional(),
};

function inSeqOrder(list: readonly { seq: number }[]): boolean {
  return list.every((m, i) => i === 0 || (list[i - 1]?.seq ?? 0) < m.seq);
}

/** A batch as the device builds it. */
export const syncPushRequestSchema = z
  .object({
    ...pushShape,
    mutations: z.array(mutationSchema).max(MAX_MUTATIONS_PER_PUSH).refine(inSeqOrder, 'mutations must be in seq order'),
  })
  .meta({ id: 'SyncPush' });
export type SyncPushRequest = z.input<typeof syncPushRequestSchema>;

/** A batch as the server takes it: envelopes checked here, payloads one by one. */
export const syncPushEnvelopeSchema = z.object({
  ...pushShape,
  mutations: z
    .array(mutationEnvelopeSchema)
    .max(MAX_MUTATIONS_PER_PUSH)
    .refine(inSeqOrder, 'mutations must be in seq order'),
});

export const mutationResultSchema = z.object({
  mutationId: z.uuid(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  /** For a duplicate: what the first delivery gave. */
  outcome: z.enum(['applied', 'rejected']),
  errorCode: z.enum(errorCodes).optional(),
  /** For an applied check-in: the codes the server kept (the device's own unless taken). */
  codes: visitCodesSchema.optional(),
  /**
   * For an applied check-in the company's watchlist stopped (docs/watchlist.md): held until staff
   * approve, or refused. The device's screen follows (it decided without the list).
   */
  watch: z.enum(['HELD', 'REFUSED']).optional(),
});
export type MutationResult = z.infer<typeof mutationResultSchema>;

export const syncPushResponseSchema = z
  .object({
    results: z.array(mutationResultSchema),
    receivedAt: z.string(),
    clockSkewMs: z.number().int(),
  })
  .meta({ id: 'SyncPushResult' });
export type SyncPushResponse = z.infer<typeof syncPushResponseSchema>;

/** A kiosk entry the server refused, as the staff screens list it (kiosk and administration). */
export const rejectedMutationSchema = z.object({
  mutationId: z.uuid(),
  deviceId: z.uuid(),
  type: z.enum(mutationTypes),
  /** The visit; null for a roll call's start or end. */
  visitId: z.uuid().nullable(),
  errorCode: z.enum(errorCodes),
  personName: z.string().nullable(),
  occurredAt: z.string(),
  receivedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type RejectedMutation = z.infer<typeof rejectedMutationSchema>;

/**
 * An entry of a revoked kiosk that reached the server after the revocation, held until an
 * administrator applies or discards it (docs/kiosk.md, "Revocation and held entries").
 */
export const heldMutationSchema = z.object({
  mutationId: z.uuid(),
  deviceId: z.uuid(),
  /** The kiosk's name, as its administrators gave it (null for a kiosk enrolled without one). */
  deviceName: z.string().nullable(),
  /** When the kiosk was revoked. */
  revokedAt: z.string(),
  type: z.enum(mutationTypes),
  /** The visit; null for a roll call's start or end. */
  visitId: z.uuid().nullable(),
  personName: z.string().nullable(),
  /** When it happened, by the kiosk's clock. */
  occurredAt: z.string(),
  /** When it reached the server. */
  receivedAt: z.string(),
});
export type HeldMutation = z.infer<typeof heldMutationSchema>;

/**
 * What applying a held entry did: applied, or refused by the check-in rules with their code
 * (then a refused entry for staff). Not `errorCode`: a 200 body with one is a refusal of the call.
 */
export const heldApplyResultSchema = z.object({
  mutationId: z.uuid(),
  outcome: z.enum(['applied', 'refused']),
  reason: z.enum(errorCodes).optional(),
});
export type HeldApplyResult = z.infer<typeof heldApplyResultSchema>;
