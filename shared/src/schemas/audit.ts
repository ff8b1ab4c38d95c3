import { z } from 'zod';

// Reading the audit log: administrators page through it newest first with filters,
// or take it as audit.csv. Who acted, as whom, when, what, before and after, from where.

/** What the log's rows are about (the Logs screen's entity filter). */
export const auditEntities = [
  'building',
  'camera',
  'city',
  'device',
  'floor',
  'person',
  'questionnaire',
  'rollCall',
  'session',
  'space',
  'spaceBooking',
  'tenant',
  'user',
  'visit',
  'watchlistEntry',
  'webhookEndpoint',
  'webhookDelivery',
  'apiToken',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

/**
 * The actions the server records, offered by the Logs screen's action filter. The server
 * filters by any well-formed action, so one missing here is still found by typing its name
 * into the API; add new actions here when a service starts recording them.
 */
export const auditActions = [
  'LOGIN',
  'LOGIN_FAILED',
  'LOGIN_BLOCKED',
  'LOGIN_REFUSED_BLOCKED',
  'LOGIN_REFUSED_TENANT_INACTIVE',
  'IMPERSONATION_STARTED',
  'SIGN_IN_LINK_CREATED',
  'LOGIN_SSO',
  'LOGIN_SSO_FAILED',
  'LOGIN_REFUSED_SSO_REQUIRED',
  'USER_ROLE_SET_BY_SSO',
  'SSO_PROVIDER_SET',
  'SSO_PROVIDER_REMOVED',
  'PROFILE_UPDATED',
  'PASSWORD_CHANGED',
  'PASSWORD_SET',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET_STARTED',
  'PASSWORD_RESET',
  'EMAIL_VERIFIED',
  'USER_CREATED',
  'USER_UPDATED',
  'USER_BLOCKED',
  'USER_UNBLOCKED',
  'USER_DELETED',
  'BUILDING_ASSIGNED',
  'BUILDING_UNASSIGNED',
  'TENANT_CREATED',
  'TENANT_UPDATED',
  'TENANT_ACTIVATED',
  'TENANT_DEACTIVATED',
  'TENANT_DELETED',
  'VISITS_ANONYMISED',
  'RETENTION_APPLIED',
  'RETENTION_CHANGED',
  'VISITOR_DATA_ERASED',
  'PRIVACY_NOTICE_PUBLISHED',
  'SUBJECT_DATA_EXPORTED',
  'SUBJECT_DATA_ERASED',
  'WATCHLIST_ENTRY_ADDED',
  'WATCHLIST_ENTRY_CHANGED',
  'WATCHLIST_ENTRY_REMOVED',
  'WATCHLIST_MATCHED',
  'WATCHLIST_HOLD_APPROVED',
  'WATCHLIST_HOLD_REFUSED',
  'WEBHOOK_ENDPOINT_ADDED',
  'WEBHOOK_ENDPOINT_CHANGED',
  'WEBHOOK_ENDPOINT_REMOVED',
  'WEBHOOK_SECRET_REPLACED',
  'WEBHOOK_REDELIVERED',
  'API_TOKEN_CREATED',
  'API_TOKEN_REVOKED',
  'HOST_CHANNELS_CHANGED',
  'CITY_CREATED',
  'CITY_UPDATED',
  'CITY_DELETED',
  'BUILDING_CREATED',
  'BUILDING_UPDATED',
  'BUILDING_SETTINGS_UPDATED',
  'BUILDING_CHECK_IN_FORMS_UPDATED',
  'BUILDING_LOGO_UPDATED',
  'BUILDING_DEVICE_TEXTS_UPDATED',
  'BUILDING_DEVICES_UPDATED',
  'BUILDING_MOBILE_TOKEN_SCHEDULED',
  'BUILDING_MOBILE_TOKEN_REFRESHED',
  'BUILDING_QUESTIONNAIRES_UPDATED',
  'BUILDING_DOCUMENT_CREATED',
  'BUILDING_DOCUMENT_UPDATED',
  'BUILDING_DOCUMENT_VERSION_PUBLISHED',
  'BUILDING_DOCUMENT_DELETED',
  'BUILDING_DELETED',
  'FLOOR_CREATED',
  'FLOOR_UPDATED',
  'FLOOR_LAYOUT_CONFIG_UPDATED',
  'FLOOR_PLAN_UPLOADED',
  'FLOOR_PLAN_REMOVED',
  'FLOOR_DELETED',
  'SPACE_CREATED',
  'SPACE_UPDATED',
  'SPACE_DELETED',
  'BOOKING_CREATED',
  'BOOKING_CHANGED',
  'BOOKING_APPROVED',
  'BOOKING_REJECTED',
  'BOOKING_CANCELLED',
  'BOOKING_CHECKED_IN',
  'BOOKING_RELEASED',
  'CAMERA_CREATED',
  'CAMERA_UPDATED',
  'CAMERA_DELETED',
  'QUESTIONNAIRE_CREATED',
  'QUESTIONNAIRE_UPDATED',
  'QUESTIONNAIRE_DELETED',
  'QUESTION_CREATED',
  'QUESTION_UPDATED',
  'QUESTION_MOVED',
  'QUESTION_DELETED',
  'KIOSK_ENROLMENT_CREATED',
  'KIOSK_ENROLLED',
  'KIOSK_RENAMED',
  'KIOSK_REVOKED',
  'KIOSK_ENTRY_APPLIED',
  'KIOSK_ENTRY_APPLY_REFUSED',
  'KIOSK_ENTRY_DISCARDED',
  'PERSON_CREATED',
  'PERSON_UPDATED',
  'PERSON_DELETED',
  'PERSON_PASS_REVOKED',
  'PERSON_PASS_SENT',
  'PERSON_LINK_SENT',
  'PEOPLE_IMPORTED',
  'ROLL_CALL_STARTED',
  'ROLL_CALL_MARKED',
  'ROLL_CALL_UNMARKED',
  'ROLL_CALL_ENDED',
  'MEETING_CREATED',
  'MEETING_UPDATED',
  'MEETING_CANCELLED',
  'MEETING_INVITATION_RESENT',
  'MEETING_DELETED',
  'MEETING_CHECKED_IN',
  'MEETING_CHECK_IN_REFUSED',
  'MEETING_CHECKED_OUT',
  'MEETING_CHECKED_IN_BACK',
  'MEETING_QUESTIONNAIRES_ANSWERED',
  'MEETING_EXIT_QUESTIONNAIRES_ANSWERED',
  'MEETING_REPLACED',
  'MEETING_REGISTERED',
  'MEETING_RESCHEDULED',
  'MEETING_PROLONGED',
] as const;

/**
 * Who acted when no user did: the visitor on their own device (a visit's links, a phone's
 * check-in), an enrolled kiosk, or the building's automatic rules (the automatic check-out).
 */
export const auditChannels = ['OWN_DEVICE', 'KIOSK', 'AUTOMATIC'] as const;
export type AuditChannel = (typeof auditChannels)[number];

/** An action of the list; every one has a label under `logs.audit.actions` in each catalogue. */
export type AuditAction = (typeof auditActions)[number];

/** A day (`2026-03-05`, the whole day in UTC) or a moment with its offset. */
const dayOrMoment = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** The filters of the list and of audit.csv; an empty text is no filter. */
export const auditLogFilterSchema = z.object({
  /** From this moment or the start of this day (inclusive). */
  from: dayOrMoment.optional(),
  /** Before this moment, or up to the end of this day. */
  to: dayOrMoment.optional(),
  /** Part of the username of who acted, or of the user they acted as. */
  user: z.string().trim().max(64).optional(),
  action: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Z0-9_]*$/)
    .optional(),
  entity: z
    .string()
    .trim()
    .max(32)
    .regex(/^[a-zA-Z]*$/)
    .optional(),
  entityId: z.string().trim().max(100).optional(),
  tenantId: z.uuid().optional(),
});
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

export const auditLogQuerySchema = auditLogFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

const changedValues = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    at: z.string(),
    tenantId: z.uuid().nullable(),
    /** Who was at the keyboard (an administrator during an impersonation); null for a public call. */
    actorId: z.uuid().nullable(),
    actorUsername: z.string().nullable(),
    /** The channel that acted when no user did (a visitor's own device, a kiosk, the automatic rules). */
    actorChannel: z.enum(auditChannels).nullable(),
    /** The device that acted on a channel (a kiosk's or a phone's device id), and the kiosk's name. */
    actorDeviceId: z.string().nullable(),
    actorDeviceName: z.string().nullable(),
    /** The user an administrator acted as, during an impersonation. */
    actingAsId: z.uuid().nullable(),
    actingAsUsername: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    /** The changed fields as they were, and as they became (secrets shown as "[hidden]"). */
    before: changedValues,
    after: changedValues,
    clientIp: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({ docs: z.array(auditEntrySchema), totalDocs: z.number().int() });
