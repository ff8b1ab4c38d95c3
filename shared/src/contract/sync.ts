import { z } from 'zod';
import { okSchema } from '../schemas/common.ts';
import { pinIdentificationMethods } from '../schemas/building.ts';
import { currentRollCallSchema } from '../schemas/evacuation.ts';
import { kioskPersonSchema } from '../schemas/identification.ts';
import { checkInBuildingSchema, checkInDataSchema, wizardQuestionnaireSchema } from '../schemas/visit.ts';
import { hostCandidateSchema } from '../schemas/visitManagement.ts';
import { wizardVisitorTypes } from '../domain/visitorTypes.ts';
import { watchlistActions } from '../domain/watchlist.ts';
import { enrolKioskRequestSchema, enrolKioskResponseSchema } from '../sync/enrolment.ts';
import { rejectedMutationSchema, syncPushEnvelopeSchema, syncPushResponseSchema } from '../sync/protocol.ts';
import { SYNC_PUSH_BODY_LIMIT_BYTES } from '../sync/constants.ts';
import { endpoint } from './endpoint.ts';

// The kiosk's calls (docs/kiosk.md): its pushes, the configuration it caches to run offline, its
// staff screen; and a tablet's enrolment. Every kiosk call carries the device's credential.

const tags = ['kiosk sync'];
const key = z.string().min(1).max(64);
/** An enrolled kiosk of the building (a revoked one is refused). */
const kioskErrors = [
  'NOT_FOUND',
  'KIOSK_ENROLMENT_REQUIRED',
  'KIOSK_DEVICE_NOT_ALLOWED',
  'KIOSK_DEVICE_REVOKED',
] as const;

/** GET /sync/config/{qrCodeKey}: everything a kiosk needs to run the wizard for every person type offline. */
const kioskConfigSchema = z.object({
  version: z.string(),
  building: checkInBuildingSchema,
  checkInData: z.partialRecord(z.enum(wizardVisitorTypes), checkInDataSchema),
  exitQuestionnaires: z.partialRecord(z.enum(wizardVisitorTypes), z.array(wizardQuestionnaireSchema)),
  /**
   * Where the staff screen's PIN is checked: on the device against `staffPinHash` (a building
   * that lists its kiosks), by the server (POST /service/sync/staff/{key}), or nowhere (no PIN).
   */
  staffPinCheck: z.enum(['device', 'server', 'none']),
  /** PBKDF2-SHA-256 of the building's PIN (base64url), for `staffPinCheck: 'device'`. */
  staffPinHash: z.string().nullable(),
  /**
   * The building's people whose pass opens the door: not deactivated, validity not ended
   * before today (the kiosk checks `validFrom`/`validTo` on the day it is used). No PIN hash:
   * PIN identification needs the server. Absent from configurations cached before passes
   * were cached on kiosks.
   */
  people: z.array(kioskPersonSchema).optional(),
  /** The building's time zone: a pass's validity is read on the building's day (`dayInZone`, `isValidOn`). */
  timeZoneId: z.string().optional(),
  /**
   * The building's hosts (domain/hosts.ts): links, names and departments only, never an e-mail
   * or a phone. The host field searches them on the device, offline too. Absent from
   * configurations cached before hosts were cached on kiosks.
   */
  hosts: z.array(hostCandidateSchema).optional(),
  /**
   * What PIN identification asks besides the kiosk's credential: with PIN_BUILDING_ONLY it
   * identifies nobody, so a kiosk does not offer it. Absent from older configurations.
   */
  pinIdentificationMethod: z.enum(pinIdentificationMethods).optional(),
  /**
   * The company's watchlist as keyed hashes (domain/watchlist.ts `watchHash`), never in clear:
   * the kiosk tells a listed visitor to wait or to see the reception at once, offline too
   * (docs/watchlist.md, "On a kiosk"). Absent from older configurations.
   */
  watchlist: z
    .object({
      salt: z.string(),
      entries: z.array(z.object({ hash: z.string(), action: z.enum(watchlistActions) })),
    })
    .optional(),
});

export const syncContract = {
  'POST /sync/push': endpoint({
    access: 'public',
    tags,
    summary:
      "Apply a kiosk's queued check-ins, check-outs and roll-call marks, each exactly once; answers per mutation",
    body: syncPushEnvelopeSchema,
    // A full batch of check-ins each with its photo.
    bodyLimit: SYNC_PUSH_BODY_LIMIT_BYTES,
    response: syncPushResponseSchema,
    // A refused entry is answered in the results, never as the call's error.
    errors: ['NOT_FOUND', 'KIOSK_ENROLMENT_REQUIRED', 'KIOSK_DEVICE_NOT_ALLOWED'],
  }),
  'GET /sync/config/:qrCodeKey': endpoint({
    access: 'public',
    tags,
    summary: 'Everything the kiosk caches to run the wizard offline (ETag; 304 when unchanged)',
    params: z.object({ qrCodeKey: key }),
    response: kioskConfigSchema,
    errors: kioskErrors,
  }),
  'POST /sync/staff/:qrCodeKey': endpoint({
    access: 'public',
    tags,
    summary: "Check the building PIN that opens a kiosk's staff screen (buildings without listed kiosks)",
    params: z.object({ qrCodeKey: key }),
    body: z.object({ pin: z.string().min(1).max(8) }),
    response: okSchema,
    errors: [...kioskErrors, 'PIN_IDENTIFICATION_INVALID_PIN_BUILDING'],
  }),
  'POST /sync/held/:qrCodeKey': endpoint({
    access: 'public',
    tags,
    summary:
      "Let in or refuse a visitor the watchlist holds at the door, from a kiosk's staff screen (the building's PIN)",
    params: z.object({ qrCodeKey: key }),
    body: z.object({ visitId: z.uuid(), approve: z.boolean(), pin: z.string().min(1).max(8) }),
    response: okSchema,
    errors: [...kioskErrors, 'PIN_IDENTIFICATION_INVALID_PIN_BUILDING', 'VISIT_NOT_HELD'],
  }),
  'GET /sync/visits/:qrCodeKey': endpoint({
    access: 'public',
    tags,
    summary:
      "Today's present, expected and held visits of the building: check-out and invitations' check-in while offline",
    params: z.object({ qrCodeKey: key }),
    response: z.array(
      z.object({
        id: z.uuid(),
        identifier: z.string(),
        publicIdentifier: z.string(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
        visitorType: z.string(),
        checkedInAt: z.string().nullable(),
        scheduledAt: z.string().nullable(),
        scheduledDuration: z.string().nullable(),
        host: z.string().nullable(),
        companyName: z.string().nullable(),
        /**
         * An expected visit's PIN and stored form (an invitation's e-mail, company...): the kiosk
         * shows the PIN at check-in and prefills the form, offline too. Null for a visit in.
         */
        pin: z.string().nullable(),
        checkInForm: z.record(z.string(), z.union([z.string(), z.boolean()])).nullable(),
        /**
         * Held at the door by the company's watchlist, waiting for staff (docs/watchlist.md): not
         * in; the staff screen lists it. Absent from older servers.
         */
        held: z.boolean().optional(),
      }),
    ),
    errors: kioskErrors,
  }),
  'GET /sync/rollCall/:qrCodeKey': endpoint({
    access: 'public',
    tags,
    summary:
      "The building's running roll call with every warden's marks (else the last one ended within 12 hours), for the kiosk's staff screen",
    params: z.object({ qrCodeKey: key }),
    response: currentRollCallSchema,
    errors: kioskErrors,
  }),
  'GET /sync/device/:deviceId': endpoint({
    access: 'public',
    tags,
    summary: 'The rejected entries of one kiosk, for its staff screen',
    params: z.object({ deviceId: z.uuid() }),
    query: z.object({ qrCodeKey: key }),
    response: z.object({ rejected: z.array(rejectedMutationSchema) }),
    // A revoked kiosk still reads its own entries.
    errors: ['NOT_FOUND', 'KIOSK_ENROLMENT_REQUIRED', 'KIOSK_DEVICE_NOT_ALLOWED'],
  }),
  'POST /kiosk/enrol': endpoint({
    access: 'public',
    tags: ['kiosk enrolment'],
    summary: "A tablet enrols with a code and receives its own credential (x-kiosk-credential: '{deviceId}.{secret}')",
    body: enrolKioskRequestSchema,
    response: enrolKioskResponseSchema,
    errors: ['KIOSK_ENROLMENT_CODE_INVALID', 'KIOSK_DEVICE_NOT_ALLOWED'],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
