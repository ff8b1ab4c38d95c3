// The sync protocol's constants, apart from its schemas (the kiosk's first screen uses them
// without loading zod).

import { JSON_BODY_LIMIT_BYTES } from '../constants.ts';
import { VISITOR_PHOTO_BASE64_MAX } from '../domain/visitorPhoto.ts';

export const MAX_MUTATIONS_PER_PUSH = 100;
/**
 * The largest push the server takes: the JSON limit, plus a visitor's photo (base64 of at most
 * 40,960 bytes: docs/check-in.md, "The visitor's photo") for every entry of a full batch.
 */
export const SYNC_PUSH_BODY_LIMIT_BYTES = JSON_BODY_LIMIT_BYTES + MAX_MUTATIONS_PER_PUSH * VISITOR_PHOTO_BASE64_MAX;
/** A device whose clock is further than this from the server's is flagged. */
export const CLOCK_SKEW_FLAG_MS = 5 * 60_000;

/**
 * The kiosk's staff screen opens with the building's PIN code, offline too: the configuration
 * carries PBKDF2-SHA-256(pin, salt) rather than the PIN itself.
 */
export const STAFF_PIN_ITERATIONS = 100_000;
export const staffPinSalt = (buildingId: string) => `vestibule-staff-pin:${buildingId}`;

export const mutationStatuses = ['pending', 'applied', 'duplicate', 'rejected'] as const;
export type MutationStatus = (typeof mutationStatuses)[number];
