// The error-code catalogue: every code the server answers or the apps raise (docs/errors.md
// lists each and when). `status` is the HTTP status the server
// answers with; 200 marks a business refusal carried in a 200 body (space booking),
// 0 marks a code only the client raises (network faults, clipboard).
export const errorCatalogue = {
  // Auth and session
  BAD_TOKEN: { status: 401 },
  SESSION_EXPIRED: { status: 401 },
  UNAUTHORIZED: { status: 401 },
  WRONG_PASSWORD: { status: 403 },
  BLOCKED_USER: { status: 403 },
  TENANT_INACTIVE: { status: 403 },
  FORBIDDEN: { status: 403 },
  /** An impersonated session that tries to sign in as someone else or make a sign-in link. */
  IMPERSONATION_NOT_ALLOWED: { status: 409 },
  USER_DOES_NOT_EXIST: { status: 404 },
  PASSWORDS_DONT_MATCH: { status: 400 },
  PASSWORD_TOO_SHORT_MIN_5: { status: 400 },
  PASSWORD_POLICY: { status: 400 },
  OLD_PASSWORD_NOT_MATCH: { status: 400 },
  NOT_FOUND_OR_ALREADY_VERIFIED: { status: 404 },
  NOT_FOUND_OR_ALREADY_USED: { status: 404 },
  // Generic input and lookup
  NOT_FOUND: { status: 404 },
  EMAIL_IS_NOT_VALID: { status: 400 },
  IS_EMPTY: { status: 400 },
  /** A phone number with fewer than 6 digits where one must name someone (a watchlist entry). */
  PHONE_IS_NOT_VALID: { status: 400 },
  MISSING: { status: 400 },
  ID_MALFORMED: { status: 400 },
  ERROR_WITH_FILTER: { status: 400 },
  VALIDATION_FAILED: { status: 400 },
  MALFORMED_JSON: { status: 400 },
  MALFORMED_MULTIPART: { status: 400 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  TOO_MANY_REQUESTS: { status: 429 },
  INTERNAL_ERROR: { status: 500 },
  SERVICE_UNAVAILABLE: { status: 503 },
  EMAIL_ALREADY_EXISTS: { status: 409 },
  CITY_ALREADY_EXISTS: { status: 409 },
  // Managing users: business refusals, never 403 (a 403 signs the user out)
  USER_ALREADY_EXISTS: { status: 409 },
  ROLE_NOT_ALLOWED: { status: 400 },
  USER_NOT_MANAGEABLE: { status: 409 },
  USER_READ_ONLY: { status: 409 },
  SELF_CHANGE_NOT_ALLOWED: { status: 409 },
  LAST_ADMIN: { status: 409 },
  TENANT_NOT_EMPTY: { status: 409 },
  /** A self-test asked while another one runs (on any instance). */
  STRESSTEST_RUNNING: { status: 409 },
  // Client-side only
  SERVER_TIMEOUT_CONNECTION_ERROR: { status: 0 },
  SERVER_CONNECTION_ERROR: { status: 0 },
  FAILED_CLIPBOARD: { status: 0 },
  // PIN identification
  PIN_IDENTIFICATION_INVALID_PIN_BUILDING: { status: 400 },
  PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED: { status: 429 },
  PIN_IDENTIFICATION_BAD_CREDENTIALS: { status: 400 },
  PIN_IDENTIFICATION_ALREADY_REGISTERED: { status: 409 },
  PIN_IDENTIFICATION_GENERAL_ERROR: { status: 400 },
  /** A PIN identification's ticket used after its time (identify again). */
  PIN_IDENTIFICATION_EXPIRED: { status: 410 },
  // Identification at the door: a person's pass or identification refused
  PERSON_PASS_REVOKED: { status: 410 },
  PERSON_DEACTIVATED: { status: 409 },
  PERSON_NOT_VALID: { status: 409 },
  // Check-in and visits
  CHECKEDIN: { status: 208 },
  CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID: { status: 422 },
  /** An employee's own check-in (kiosk, phone) without their pass or PIN, where the building asks for them. */
  CHECK_IN_EMPLOYEE_NOT_IDENTIFIED: { status: 403 },
  CHECKIN_VISIT_NOT_FOUND: { status: 404 },
  /** A check-in's photo over VISITOR_PHOTO_MAX_BYTES once decoded (docs/check-in.md, "The visitor's photo"). */
  VISITOR_PHOTO_TOO_BIG: { status: 413 },
  /** A check-in's photo that is not a JPEG, or larger than VISITOR_PHOTO_MAX_SIDE pixels a side. */
  VISITOR_PHOTO_INVALID_FORMAT: { status: 415 },
  /** A phone's check-in without the photo its building requires for the person type. */
  VISITOR_PHOTO_REQUIRED: { status: 400 },
  CHECKOUT_VISIT_NOT_FOUND: { status: 404 },
  CANCEL_VISIT_NOT_FOUND: { status: 404 },
  POSTPONE_CHECKOUT_VISIT_NOT_FOUND: { status: 404 },
  EMPTY_MEETING_DURATION: { status: 400 },
  CHECKIN_LINK_EXPIRED: { status: 410 },
  KIOSK_DEVICE_NOT_ALLOWED: { status: 403 },
  KIOSK_ENROLMENT_REQUIRED: { status: 401 },
  KIOSK_DEVICE_REVOKED: { status: 403 },
  KIOSK_ENROLMENT_CODE_INVALID: { status: 404 },
  /** A revoked kiosk's entry that reached the server after the revocation: held for review (sync push only). */
  KIOSK_ENTRY_HELD: { status: 403 },
  /** Applying or discarding a held entry that was applied or discarded already. */
  KIOSK_ENTRY_NOT_HELD: { status: 409 },
  CHECKOUT_TICKET_EXPIRED: { status: 410 },
  // Signed documents (docs/check-in.md, "Signed documents")
  /** A visitor's online check-in without a signature of the current version of a document they must sign. */
  DOCUMENT_SIGNATURE_REQUIRED: { status: 400 },
  /** A signature naming a version that is not one of the building's documents. */
  DOCUMENT_VERSION_UNKNOWN: { status: 400 },
  /** A drawn signature that is not a PNG image by its content. */
  DOCUMENT_SIGNATURE_NOT_PNG: { status: 415 },
  /** A drawn signature over SIGNATURE_IMAGE_MAX_BYTES. */
  DOCUMENT_SIGNATURE_TOO_BIG: { status: 413 },
  /** A building already holds DOCUMENTS_PER_BUILDING_MAX documents. */
  DOCUMENT_LIMIT_REACHED: { status: 409 },
  // The entry log: refusals by a visit's state (domain/visitState.ts), never 403
  DATE_RANGE_TOO_LONG: { status: 400 },
  MEETING_CANCELLED: { status: 409 },
  MEETING_REFUSED: { status: 409 },
  MEETING_ALREADY_STARTED: { status: 409 },
  MEETING_NOT_CHECKED_IN: { status: 409 },
  MEETING_NOT_CHECKED_OUT: { status: 409 },
  MEETING_HOST_NOT_EMPLOYEE: { status: 400 },
  HOST_NOT_CHOSEN: { status: 400 },
  MEETING_IN_THE_PAST: { status: 400 },
  // The evacuation list's roll call
  ROLL_CALL_ENDED: { status: 409 },
  INVITATION_NOT_SENDABLE: { status: 409 },
  // The visitor's own visit pages: what a visit's state no longer allows
  VISIT_ALREADY_CHECKED_OUT: { status: 409 },
  // The watchlist (docs/watchlist.md)
  /** The company's watchlist already has an entry of that kind for the same person (same key). */
  WATCHLIST_ENTRY_EXISTS: { status: 409 },
  /** Approving or refusing a visit that is not waiting for approval (decided already, or never held). */
  VISIT_NOT_HELD: { status: 409 },
  // Single sign-on (docs/sso.md)
  /** The provider's issuer is not HTTPS (plain HTTP to a loopback address only where the server allows it). */
  SSO_ISSUER_NOT_ALLOWED: { status: 400 },
  /** The provider's discovery document (issuer/.well-known/openid-configuration) could not be read. */
  SSO_ISSUER_UNREACHABLE: { status: 400 },
  /** An e-mail domain already leads to another company's provider. */
  SSO_DOMAIN_TAKEN: { status: 409 },
  /** A single sign-on that did not complete: unknown, used or expired state, or a token that does not check out. */
  SSO_FAILED: { status: 401 },
  /** The provider vouched for an e-mail whose domain the company does not allow. */
  SSO_DOMAIN_NOT_ALLOWED: { status: 403 },
  /** No user of the company has that e-mail, and the company does not create users at sign-in. */
  SSO_NO_ACCOUNT: { status: 403 },
  /** A password sign-in of a user whose company requires single sign-on for their e-mail's domain. */
  SSO_REQUIRED: { status: 403 },
  // Webhooks (docs/webhooks.md)
  /** A webhook's address is not HTTPS (plain HTTP is allowed to loopback addresses only where the server allows it). */
  WEBHOOK_URL_NOT_ALLOWED: { status: 400 },
  // Host notifications (docs/host-notifications.md)
  /** A host told by SMS has no mobile number. */
  PHONE_NUMBER_REQUIRED: { status: 400 },
  /** A mobile number that is not in the international form (+ country code, 8 to 15 digits). */
  PHONE_NUMBER_INVALID: { status: 400 },
  POSTPONE_DURATION_NOT_LONGER: { status: 400 },
  // Tenants and buildings
  TENANT_REQUIRED: { status: 400 },
  BUILDING_HAS_VISITS: { status: 409 },
  BUILDING_TENANT_LIMIT_REACHED: { status: 409 },
  BUILDING_ID_EXISTS: { status: 409 },
  BUILDING_CHECK_IN_TEMPERATURE_MISSING: { status: 400 },
  BUILDING_CHECK_OUT_TEMPERATURE_MISSING: { status: 400 },
  BUILDING_INVALID_TIME_ZONE: { status: 400 },
  BUILDING_INVALID_LANGUAGE: { status: 400 },
  BUILDING_CHECK_IN_FIELD_LOCKED: { status: 400 },
  QUESTIONNAIRE_IN_USE: { status: 409 },
  QUESTION_FOLLOW_UP_INVALID: { status: 400 },
  QUESTION_FOLLOW_UP_ORDER: { status: 400 },
  QUESTION_HAS_FOLLOW_UPS: { status: 409 },
  CAMERA_UNREACHABLE: { status: 502 },
  CAMERA_ADDRESS_NOT_ALLOWED: { status: 400 },
  sizeTooBig: { status: 413 },
  invalidFormat: { status: 415 },
  // People
  PEOPLE_DUPLICATED_EXTERNAL_ID: { status: 409 },
  PEOPLE_DEFAULT_DURATION_REQUIRED: { status: 400 },
  PEOPLE_UPLOAD_FILE_TOO_BIG: { status: 413 },
  PEOPLE_UPLOAD_INVALID_FILE: { status: 415 },
  PEOPLE_VALID_TO_BEFORE_VALID_FROM: { status: 400 },
  PEOPLE_UPLOAD_MISSING_VISITOR_TYPE: { status: 400 },
  PEOPLE_UPLOAD_MISSING_FIRST_NAME: { status: 400 },
  PEOPLE_UPLOAD_MISSING_LAST_NAME: { status: 400 },
  PEOPLE_UPLOAD_MISSING_BUILDING_ID: { status: 400 },
  PEOPLE_UPLOAD_INVALID_BUILDING: { status: 400 },
  PEOPLE_UPLOAD_UNKNOWN_BUILDING: { status: 400 },
  PEOPLE_UPLOAD_INVALID_FIRST_NAME: { status: 400 },
  PEOPLE_UPLOAD_INVALID_LAST_NAME: { status: 400 },
  PEOPLE_UPLOAD_INVALID_VISITOR_TYPE: { status: 400 },
  PEOPLE_UPLOAD_INVALID_EMAIL: { status: 400 },
  PEOPLE_UPLOAD_INVALID_PHONE: { status: 400 },
  PEOPLE_UPLOAD_INVALID_COMPANY_NAME: { status: 400 },
  PEOPLE_UPLOAD_INVALID_JOB_TITLE: { status: 400 },
  PEOPLE_UPLOAD_INVALID_DEPARTMENT: { status: 400 },
  PEOPLE_UPLOAD_INVALID_VALID_TO: { status: 400 },
  PEOPLE_UPLOAD_INVALID_VALID_FROM: { status: 400 },
  PEOPLE_UPLOAD_INVALID_DURATION: { status: 400 },
  PEOPLE_UPLOAD_INVALID_EXTERNAL_ID: { status: 400 },
  PEOPLE_UPLOAD_TOO_LONG_FIRST_NAME: { status: 400 },
  PEOPLE_UPLOAD_TOO_LONG_LAST_NAME: { status: 400 },
  PEOPLE_UPLOAD_DUPLICATED_EXTERNAL_ID: { status: 400 },
  PEOPLE_UPLOAD_NOT_UNIQUE_EXTERNAL_ID: { status: 400 },
  PEOPLE_UPLOAD_MISSING_COLUMNS: { status: 400 },
  PEOPLE_UPLOAD_TOO_MANY_ERRORS: { status: 400 },
  PEOPLE_UPLOAD_SUMMARY: { status: 200 },
  PEOPLE_UPLOAD_NOT_UNIQUE_NAMES: { status: 400 },
  PEOPLE_UPLOAD_NOT_UNIQUE_EMAIL: { status: 400 },
  // Floors and spaces
  FLOOR_NAME_EXISTS: { status: 409 },
  FLOOR_LIMIT_REACHED: { status: 409 },
  FLOOR_HAS_FUTURE_BOOKINGS: { status: 409 },
  FLOOR_PLAN_TOO_BIG: { status: 413 },
  FLOOR_PLAN_INVALID_FORMAT: { status: 415 },
  SPACE_NAME_EXISTS: { status: 409 },
  SPACE_LIMIT_REACHED: { status: 409 },
  SPACE_HAS_FUTURE_BOOKINGS: { status: 409 },
  SPACE_SHAPE_INVALID: { status: 400 },
  SPACE_APPROVER_INVALID: { status: 400 },
  SPACE_APPROVERS_SAME: { status: 400 },
  // Space booking (docs/space-booking.md)
  TIME_CONFLICT: { status: 409 },
  SPACE_UNAVAILABLE: { status: 409 },
  TIME_UNAVAILABLE: { status: 400 },
  BOOKING_END_BEFORE_START: { status: 400 },
  BOOKING_TOO_LONG_FOR_REPEAT: { status: 400 },
  BOOKING_REPEAT_UNTIL_REQUIRED: { status: 400 },
  BOOKING_REPEAT_UNTIL_INVALID: { status: 400 },
  BOOKING_TOO_MANY_OCCURRENCES: { status: 400 },
  BOOKING_HOST_INVALID: { status: 400 },
  BOOKING_LIMIT_REACHED: { status: 409 },
  BOOKING_TOO_FAR_AHEAD: { status: 400 },
  BOOKING_CHECK_IN_CLOSED: { status: 400 },
  BOOKING_NOT_CHANGEABLE: { status: 409 },
  // A business refusal in a 200 body (docs/errors.md, "The error body"): the calendar lane's.
  SPACEBOOKING_FAIL_ADD_EVENT: { status: 200 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

export function statusOf(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

/** The body of every error answer. `params` fills the message's placeholders. */
export interface ErrorBody {
  errorCode: ErrorCode;
  msg: string;
  params?: Record<string, string | number>;
  issues?: { path: string; errorCode: ErrorCode; message: string }[];
}
