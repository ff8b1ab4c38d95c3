import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import {
  pinIdentificationPageSchema,
  pinIdentificationRequestSchema,
  pinIdentificationResultSchema,
} from '../schemas/identification.ts';
import { endpoint } from './endpoint.ts';

// PIN identification at the door (the public page /pinIdentification/{key}): a person
// types the building PIN (an enrolled kiosk's credential stands for it) and, by the building's method, their personal PIN with their last name,
// e-mail or external id; the answer prefills the check-in wizard and carries a short-lived ticket
// that proves the person to POST /checkin. No sign-in; rate-limited per address, failures
// counted per person and per address.

const tags = ['public check-in'];
const params = z.object({ qrCodeKey: z.string().min(1).max(64) });

/** Refusals that never say which credential was wrong, or that the person exists. */
const identificationErrors = [
  'NOT_FOUND',
  'MISSING',
  'PIN_IDENTIFICATION_INVALID_PIN_BUILDING',
  'PIN_IDENTIFICATION_BAD_CREDENTIALS',
  'PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED',
  'PIN_IDENTIFICATION_ALREADY_REGISTERED',
  // Two people of the same last name with the same PIN: the reception tells them apart.
  'PIN_IDENTIFICATION_GENERAL_ERROR',
  'PERSON_DEACTIVATED',
  'PERSON_NOT_VALID',
  // Without the building PIN, the caller must be an enrolled kiosk of the building.
  'KIOSK_ENROLMENT_REQUIRED',
  'KIOSK_DEVICE_NOT_ALLOWED',
  'KIOSK_DEVICE_REVOKED',
] as const satisfies readonly ErrorCode[];

export const identificationContract = {
  'GET /pinIdentification/:qrCodeKey': endpoint({
    access: 'public',
    tags,
    summary: "The PIN identification page's building and what it asks (the building's identification method)",
    params,
    response: pinIdentificationPageSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /pinIdentification/:qrCodeKey': endpoint({
    access: 'public',
    tags,
    summary:
      "Identify a person of the building by the building PIN (or an enrolled kiosk's credential) and their own credentials: the wizard's prefill and a ticket for POST /checkin",
    params,
    body: pinIdentificationRequestSchema,
    response: pinIdentificationResultSchema,
    errors: identificationErrors,
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
