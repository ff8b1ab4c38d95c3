import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import { cameraInfoSchema } from '../schemas/building.ts';
import { cachedPassSchema } from '../schemas/identification.ts';
import { hostCandidateSchema, hostSearchQuerySchema } from '../schemas/visitManagement.ts';
import {
  checkInBuildingSchema,
  checkInDataSchema,
  checkInRequestSchema,
  checkInResponseSchema,
  checkOutDataSchema,
  checkOutRequestSchema,
  selfCheckOutMatchSchema,
  selfCheckOutSearchSchema,
  visitOfLinkSchema,
  visitSummarySchema,
  wizardVisitorTypeSchema,
} from '../schemas/visit.ts';
import { endpoint } from './endpoint.ts';

// The public calls of the check-in wizard and the check-out pages: no sign-in, rate-limited.
// A visitor's phone calls /checkin/…, an enrolled kiosk /checkinKiosk/… (the same call, its
// credential checked): each pair shares one definition.

const tags = ['public check-in'];
const key = z.string().min(1).max(64);
const publicId = z.string().min(1).max(64);
const mobileToken = z.string().max(64).optional();
/**
 * A visit's public identifier, or a person's pass identifier or PIN identification ticket: when
 * it names a visit of the building or proves a person of it, a phone needs no mobile token (a
 * visit's own link and a personal link carry none).
 */
const personProof = z.string().max(128).optional();

/** A kiosk call: the building, an enrolled device of it (from one of its addresses when it lists some). */
const kioskErrors = [
  'NOT_FOUND',
  'KIOSK_ENROLMENT_REQUIRED',
  'KIOSK_DEVICE_NOT_ALLOWED',
  'KIOSK_DEVICE_REVOKED',
] as const satisfies readonly ErrorCode[];
/** A phone's or a kiosk's call: a phone's link needs the building's current mobile token. */
const channelErrors = [...kioskErrors, 'CHECKIN_LINK_EXPIRED'] as const satisfies readonly ErrorCode[];

const checkInBuilding = endpoint({
  access: 'public',
  tags,
  summary: 'The building of a check-in link (or a kiosk) and its person types',
  params: z.object({ qrCodeKey: key }),
  query: z.object({ mt: mobileToken, proof: personProof }),
  response: checkInBuildingSchema,
  errors: channelErrors,
});

const linkParams = z.object({ qrCodeKey: key, identifier: publicId });

/** A person refused at the door: deactivated, or outside their validity that day. */
const personErrors = ['PERSON_DEACTIVATED', 'PERSON_NOT_VALID'] as const satisfies readonly ErrorCode[];

const visitOfLink = endpoint({
  access: 'public',
  tags,
  summary:
    "A visit reached through its link, with the check-in form it stored (to check back in); or a person's pass of the building, with the wizard's prefill",
  params: linkParams,
  response: z.discriminatedUnion('kind', [visitOfLinkSchema, cachedPassSchema]),
  errors: [...kioskErrors, 'CHECKIN_VISIT_NOT_FOUND', ...personErrors],
});

const visitStatus = endpoint({
  access: 'public',
  tags,
  summary: 'The status of a visit reached through its link',
  params: linkParams,
  response: z.object({ status: visitSummarySchema.shape.status, checkedInAt: z.string().nullable() }),
  errors: [...kioskErrors, 'CHECKIN_VISIT_NOT_FOUND'],
});

const checkIn = endpoint({
  access: 'public',
  tags,
  summary: "Check in with the wizard's result (208 CHECKEDIN when already in)",
  body: checkInRequestSchema,
  response: checkInResponseSchema,
  alsoAnswers: [208],
  errors: [
    ...channelErrors,
    'CHECKEDIN',
    'CHECKIN_VISIT_NOT_FOUND',
    // An invitation cancelled, or a visit refused at the door, is not checked into by its id.
    'MEETING_CANCELLED',
    'MEETING_REFUSED',
    'MISSING',
    'EMAIL_IS_NOT_VALID',
    'CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID',
    // An employee's own check-in without their pass or PIN, where the building asks for them.
    'CHECK_IN_EMPLOYEE_NOT_IDENTIFIED',
    'EMPTY_MEETING_DURATION',
    'VALIDATION_FAILED',
    // A person's check-in: an unknown person or proof, a replaced pass, an expired ticket, a refused person.
    'NOT_FOUND',
    'PERSON_PASS_REVOKED',
    'PIN_IDENTIFICATION_EXPIRED',
    ...personErrors,
  ],
});

const cameraParams = z.object({ qrCodeKey: key, cameraId: z.uuid() });
const cameraQuery = z.object({
  mt: mobileToken,
  kiosk: z.enum(['true', 'false']).optional(),
  x: z.string().max(32).optional(),
});
/** Cameras are for enrolled kiosks only: a phone is answered KIOSK_ENROLMENT_REQUIRED. */
const cameraErrors = [...kioskErrors, 'CAMERA_ADDRESS_NOT_ALLOWED', 'CAMERA_UNREACHABLE'] as const;

const checkOutData = endpoint({
  access: 'public',
  tags,
  summary: 'A visit that can be checked out, with its exit questionnaires',
  params: z.object({ publicIdentifier: publicId }),
  response: checkOutDataSchema,
  errors: ['CHECKOUT_VISIT_NOT_FOUND'],
});

const checkOutResponseSchema = z.object({ status: z.literal('success'), visit: visitSummarySchema.nullable() });
const ticketParams = z.object({ qrCodeKey: key, ticket: z.string().min(1).max(100) });
const searchVisitParams = {
  identifier: z.string().min(1).max(16),
  pin: z.string().regex(/^\d{4}$/),
};
const searchVisitErrors = [
  'PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED',
  'CHECKOUT_VISIT_NOT_FOUND',
] as const satisfies readonly ErrorCode[];

export const checkinContract = {
  'GET /checkin/:qrCodeKey': checkInBuilding,
  'GET /checkinKiosk/:qrCodeKey': checkInBuilding,
  'GET /checkin/:qrCodeKey/:identifier': visitOfLink,
  'GET /checkinKiosk/:qrCodeKey/:identifier': visitOfLink,
  'GET /checkin/status/:qrCodeKey/:identifier': visitStatus,
  'GET /checkinKiosk/status/:qrCodeKey/:identifier': visitStatus,
  'POST /checkin': checkIn,
  'POST /checkinKiosk': checkIn,
  'GET /building/:qrCodeKey/checkInData': endpoint({
    access: 'public',
    tags,
    summary: "The wizard's input for one person type (by the building's check-in key)",
    params: z.object({ qrCodeKey: key }),
    query: z.object({
      visitorType: wizardVisitorTypeSchema,
      mt: mobileToken,
      proof: personProof,
      kiosk: z.enum(['true', 'false']).optional(),
    }),
    response: checkInDataSchema,
    errors: channelErrors,
  }),
  'GET /building/:qrCodeKey/hosts': endpoint({
    access: 'public',
    tags,
    summary:
      "The building's hosts whose first or last name starts with `name` (a kiosk's or a phone's host field): names, departments and links only, at most 10",
    params: z.object({ qrCodeKey: key }),
    query: z.object({
      name: hostSearchQuerySchema.shape.name,
      mt: mobileToken,
      proof: personProof,
      kiosk: z.enum(['true', 'false']).optional(),
    }),
    response: z.object({ docs: z.array(hostCandidateSchema) }),
    errors: channelErrors,
  }),
  'GET /public/checkin/:qrCodeKey/camera/:cameraId/info': endpoint({
    access: 'public',
    tags,
    summary: "A reading of one of the building's cameras, for the wizard",
    params: cameraParams,
    query: cameraQuery,
    response: cameraInfoSchema,
    errors: cameraErrors,
  }),
  'GET /public/checkin/:qrCodeKey/camera/:cameraId/picture': endpoint({
    access: 'public',
    tags,
    summary: "A picture from one of the building's cameras, for the wizard",
    params: cameraParams,
    query: cameraQuery,
    errors: cameraErrors,
  }),
  'GET /checkoutable/:publicIdentifier': checkOutData,
  'GET /checkOutData/:publicIdentifier': checkOutData,
  'PATCH /checkoutable/:publicIdentifier': endpoint({
    access: 'public',
    tags,
    summary: 'Check out (temperature, comments, exit questionnaire answers)',
    params: z.object({ publicIdentifier: publicId }),
    body: checkOutRequestSchema,
    response: checkOutResponseSchema,
    errors: ['CHECKOUT_VISIT_NOT_FOUND', 'MISSING'],
  }),
  'GET /buildingCheckOutData/:qrCodeKey': endpoint({
    access: 'public',
    tags,
    summary: 'What the building check-out page of a kiosk needs',
    params: z.object({ qrCodeKey: key }),
    response: z.object({
      fromKiosk: z.boolean(),
      checkOutTemperatureMeasuresEnabled: z.boolean(),
      qrCode: z.string(),
      buildingName: z.string(),
    }),
    errors: kioskErrors,
  }),
  'POST /buildingCheckOut/:qrCodeKey/search': endpoint({
    access: 'public',
    tags,
    summary:
      'Self check-out on an enrolled kiosk: open visits by last name or the last 4 phone digits, each with a ticket for this kiosk',
    params: z.object({ qrCodeKey: key }),
    body: selfCheckOutSearchSchema,
    response: z.array(selfCheckOutMatchSchema),
    errors: kioskErrors,
  }),
  'GET /buildingCheckOut/:qrCodeKey/ticket/:ticket': endpoint({
    access: 'public',
    tags,
    summary: "A visit found by this kiosk's search, with its exit questionnaires (410 once the ticket expired)",
    params: ticketParams,
    response: checkOutDataSchema,
    errors: [...kioskErrors, 'CHECKOUT_VISIT_NOT_FOUND', 'CHECKOUT_TICKET_EXPIRED'],
  }),
  'PATCH /buildingCheckOut/:qrCodeKey/ticket/:ticket': endpoint({
    access: 'public',
    tags,
    summary: "Check out a visit found by this kiosk's search, with its ticket",
    params: ticketParams,
    body: checkOutRequestSchema,
    response: checkOutResponseSchema,
    errors: [...kioskErrors, 'CHECKOUT_VISIT_NOT_FOUND', 'CHECKOUT_TICKET_EXPIRED', 'MISSING'],
  }),
  'GET /searchMeeting/:identifier/:pin': endpoint({
    access: 'public',
    tags,
    summary: 'Find a visit by its code and PIN',
    params: z.object(searchVisitParams),
    response: visitSummarySchema,
    errors: searchVisitErrors,
  }),
  'GET /searchMeeting/:identifier/:pin/:lastname': endpoint({
    access: 'public',
    tags,
    summary: 'Find a visit by its code, PIN and last name',
    params: z.object({ ...searchVisitParams, lastname: z.string().max(64) }),
    response: visitSummarySchema,
    errors: searchVisitErrors,
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
