import { z } from 'zod';
import { dateFormats, locales, timeFormats } from '../constants.ts';
import { autoCheckoutModes } from '../domain/autoCheckout.ts';
import { badgePrintModes, badgeSizes } from '../domain/badge.ts';
import { checkInFieldKeys, checkInFieldTypes, lockedFieldChange } from '../domain/checkInForm.ts';
import { isCountryCode, isValidTimeZone } from '../domain/dictionaries.ts';
import { isIsoDuration } from '../domain/duration.ts';
import { DOCUMENT_RESIGN_DAYS_MAX } from '../domain/documents.ts';
import { temperatureUnits } from '../domain/temperature.ts';
import { visitorPhotoModes } from '../domain/visitorPhoto.ts';
import { wizardVisitorTypes } from '../domain/visitorTypes.ts';
import type { ErrorCode } from '../errors.ts';

// Building administration, the building dialog's tabs. One schema per tab's
// payload; the admin form and the server validate with the same one.

export const meetingStartReminderOptions = ['PT24H', 'PT12H', 'PT6H', 'PT3H'] as const;
export const meetingEndReminderOptions = ['PT5M', 'PT10M'] as const;
export const overdueAlertOptions = ['PT5M', 'PT15M', 'PT20M'] as const;
export const questionnairesValidityOptions = ['PT10M', 'PT1H', 'PT2H', 'PT3H', 'PT24H'] as const;
export const autoCheckOutTimeoutOptions = ['PT1H', 'PT2H', 'PT3H'] as const;
export const defaultMeetingDurationOptions = ['PT30M', 'PT1H', 'PT1H30M'] as const;
export const pinIdentificationMethods = [
  'PERSONAL_PIN_AND_LASTNAME',
  'PIN_BUILDING_ONLY',
  'PERSONAL_PIN_AND_AUTOCOMPLETE',
] as const;
export const cameraPlaces = ['ENTRY', 'EXIT', 'ENTRY_EXIT'] as const;

/** What a building's badge shows (domain/badge.ts, BadgeLayout). */
export const badgeLayoutSchema = z
  .object({
    size: z.enum(badgeSizes),
    photo: z.boolean(),
    company: z.boolean(),
    host: z.boolean(),
    validUntil: z.boolean(),
    logo: z.boolean(),
    qrCode: z.boolean(),
  })
  .meta({ id: 'BadgeLayout' });

/**
 * How employees check in on their own, at a kiosk or on their phone (staff at the desk vouch for
 * anyone): IDENTIFIED by their pass or PIN only; DIRECTORY also by finding their name in the
 * directory on an enrolled kiosk; TYPED_NAME also by typing a name (a site without a directory).
 */
export const employeeCheckInModes = ['IDENTIFIED', 'DIRECTORY', 'TYPED_NAME'] as const;
export type EmployeeCheckInMode = (typeof employeeCheckInModes)[number];
/** Seconds a kiosk's check-in outcome stays before the welcome screen returns (the choices offered). */
export const kioskOutcomeSecondsOptions = [5, 10, 15, 20, 30, 45, 60] as const;
export const KIOSK_OUTCOME_SECONDS_MIN = 5;
export const KIOSK_OUTCOME_SECONDS_MAX = 120;

export const BUILDING_LOGO_MAX_BYTES = 2_000_000;
export const TEXT_MAX = 5000;
export const KIOSK_TEXT_MAX = 128;
/** The host notice's "where they wait" text. */
export const HOST_WAIT_TEXT_MAX = 255;
/** The kiosk's welcome text, under its welcome heading: a line or two. */
export const KIOSK_WELCOME_TEXT_MAX = 300;
export const DEVICE_SEPARATOR = ';;;';

/** A custom issue that carries its catalogue code, so the server answers with it. */
function issue(ctx: z.RefinementCtx, path: string, errorCode: ErrorCode): void {
  ctx.addIssue({ code: 'custom', path: [path], message: errorCode, params: { errorCode } });
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => v || null);

export const zipPattern = /^[A-Za-z0-9 .-]+$/;
export const phonePattern = /^\+?[0-9]*$/;
export const ipv4Pattern = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
export const pinCodePattern = /^\d{1,4}$/;
const emailList = /^\s*[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+(\s*[,;]\s*[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+)*\s*$/;

export const buildingAddressSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    address1: z.string().trim().min(1).max(40),
    address2: optionalText(40),
    city: z.string().trim().min(1).max(40),
    zip: z.string().trim().min(1).max(14).regex(zipPattern),
    state: z.string().trim().min(1).max(20),
    countryCode: z.string().refine(isCountryCode, 'not an ISO 3166 country code'),
    email: z
      .union([z.literal(''), z.email().max(96)])
      .nullable()
      .optional()
      .transform((v) => v || null),
    phone: z
      .string()
      .trim()
      .max(15)
      .regex(phonePattern)
      .nullable()
      .optional()
      .transform((v) => v || null),
    externalId: optionalText(250),
    pinCode: z.string().regex(pinCodePattern),
  })
  .meta({ id: 'BuildingAddress' });
export type BuildingAddress = z.input<typeof buildingAddressSchema>;

export const buildingCreateSchema = buildingAddressSchema.extend({
  /** Admin and tech users create in the tenant they name (their selected one otherwise). */
  tenantId: z.uuid().optional(),
});

/** The highest values a building may set as its booking limits. */
export const BOOKING_MAX_AT_ONCE_MAX = 1000;
export const BOOKING_MAX_DAYS_AHEAD_MAX = 366;
export const BOOKING_RELEASE_MINUTES_MIN = 5;
export const BOOKING_RELEASE_MINUTES_MAX = 240;

const isoDuration = z.string().refine(isIsoDuration, 'not an ISO 8601 duration');
const temperature = z.number().min(-100).max(200).nullable();

export const buildingSettingsSchema = z
  .object({
    consentClauseEnabled: z.boolean(),
    consentText: z.string().max(TEXT_MAX),
    commentsEnabled: z.boolean(),
    emailMeEnabled: z.boolean(),
    checkInTemperatureMeasuresEnabled: z.boolean(),
    allowCheckInManualTemperatureMeasure: z.boolean(),
    checkOutTemperatureMeasuresEnabled: z.boolean(),
    allowCheckOutManualTemperatureMeasure: z.boolean(),
    temperatureMeasureUnit: z.enum(temperatureUnits).nullable(),
    minAllowedTemperature: temperature,
    maxAllowedTemperature: temperature,
    senderEmail: z
      .string()
      .max(200)
      .refine((v) => v.trim() === '' || emailList.test(v), 'not a list of e-mails'),
    senderPhone: z.string().trim().max(25).regex(phonePattern),
    /**
     * The building's security contacts (docs/watchlist.md, "Alerts"): told by e-mail when the
     * watchlist refuses or holds a visitor here. One or several addresses, separated by commas;
     * missing or empty: nobody is told.
     */
    securityContacts: z
      .string()
      .max(500)
      .refine((v) => v.trim() === '' || emailList.test(v), 'not a list of e-mails')
      .optional(),
    meetingAlertEnabled: z.boolean(),
    meetingStartReminderTime: z.enum(meetingStartReminderOptions),
    meetingEndReminderTime: z.enum(meetingEndReminderOptions),
    overdueAlertTime: z.enum(overdueAlertOptions),
    timeZoneId: z.string().min(1),
    defaultLocale: z.string().min(1),
    dateFormat: z.enum(dateFormats),
    timeFormat: z.enum(timeFormats),
    defaultMeetingDuration: isoDuration,
    questionnairesValidityTimeout: z.enum(questionnairesValidityOptions),
    autoCheckoutMode: z.enum(autoCheckoutModes),
    autoCheckOutTimeout: z.enum(autoCheckOutTimeoutOptions).nullable(),
    autoCheckoutSpecificTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .nullable(),
    successFormText: z.string().max(TEXT_MAX),
    failureFormText: z.string().max(TEXT_MAX),
    /** Hosts may be typed freely (sites without a directory); off: a host is chosen from the building's hosts. */
    allowFreeTextHost: z.boolean(),
    /** Where a visitor waits for their host, said in the host's arrival notice; empty: at the reception. */
    hostNoticeWaitText: z.string().max(HOST_WAIT_TEXT_MAX),
    allowExitQuestionnairesOnEmailCheckOut: z.boolean(),
    /**
     * Staff checking someone in at the desk answer the building's entry questionnaires with them
     * (and the consent and temperature it asks for); off, the desk checks people in with their
     * details alone (docs/check-in.md, "At the desk").
     */
    questionnairesOnStaffCheckIn: z.boolean().default(false),
    pinIdentificationMethodType: z.enum(pinIdentificationMethods),
    appendQrCode: z.boolean(),
    appendLogo: z.boolean(),
    /** After a check-in, a kiosk shows the outcome (the visit code and PIN) this long, then its welcome screen. */
    kioskOutcomeSeconds: z.number().int().min(KIOSK_OUTCOME_SECONDS_MIN).max(KIOSK_OUTCOME_SECONDS_MAX),
    employeeCheckIn: z.enum(employeeCheckInModes),
    /** The kiosk's welcome text, under its welcome heading (docs/kiosk.md, "The welcome screen"); missing: none. */
    kioskWelcomeText: z.string().trim().max(KIOSK_WELCOME_TEXT_MAX).optional(),
    /**
     * Whether the check-in wizard takes the person's photo, per wizard person type
     * (docs/check-in.md, "The visitor's photo"). Missing, or a type missing: OFF.
     */
    visitorPhoto: z.partialRecord(z.enum(wizardVisitorTypes), z.enum(visitorPhotoModes)).optional(),
    /** The visitor badge's layout (docs/badges.md); missing, or a part missing: the default's. */
    badgeLayout: badgeLayoutSchema.partial().optional(),
    /** When a kiosk prints a badge after a check-in, per wizard person type; missing: never. */
    badgePrint: z.partialRecord(z.enum(wizardVisitorTypes), z.enum(badgePrintModes)).optional(),
    /**
     * Signed documents (docs/check-in.md, "Signed documents"): a person who signed a document's
     * current version here within this many days is not asked again; 0 asks at every visit.
     * Missing: DEFAULT_DOCUMENT_RESIGN_DAYS (365).
     */
    documentResignDays: z.int().min(0).max(DOCUMENT_RESIGN_DAYS_MAX).optional(),
    /**
     * The days of the week the directory's employees and residents are expected in, ISO numbering
     * (1 Monday ... 7 Sunday): the attendance report counts absences on these days only
     * (docs/reports.md). Missing: Monday to Friday.
     */
    workingDays: z.array(z.int().min(1).max(7)).min(1).max(7).optional(),
    /**
     * Space booking's limits per person (docs/space-booking.md, "Limits"): the most occurrences
     * to come one host may hold in the building, and how many days ahead a booking may start.
     * Null or missing: no limit.
     */
    bookingMaxAtOnce: z.int().min(1).max(BOOKING_MAX_AT_ONCE_MAX).nullable().optional(),
    bookingMaxDaysAhead: z.int().min(1).max(BOOKING_MAX_DAYS_AHEAD_MAX).nullable().optional(),
    /**
     * A booking not checked into within this many minutes of its start is released (its space
     * freed, its people told); null or missing: bookings are never released.
     */
    bookingReleaseMinutes: z
      .int()
      .min(BOOKING_RELEASE_MINUTES_MIN)
      .max(BOOKING_RELEASE_MINUTES_MAX)
      .nullable()
      .optional(),
  })
  .superRefine((s, ctx) => {
    const limitsMissing =
      s.temperatureMeasureUnit === null || s.minAllowedTemperature === null || s.maxAllowedTemperature === null;
    if (s.checkInTemperatureMeasuresEnabled && limitsMissing) {
      issue(ctx, 'minAllowedTemperature', 'BUILDING_CHECK_IN_TEMPERATURE_MISSING');
    }
    if (s.checkOutTemperatureMeasuresEnabled && limitsMissing) {
      issue(ctx, 'minAllowedTemperature', 'BUILDING_CHECK_OUT_TEMPERATURE_MISSING');
    }
    if (
      s.minAllowedTemperature !== null &&
      s.maxAllowedTemperature !== null &&
      s.minAllowedTemperature > s.maxAllowedTemperature
    ) {
      issue(ctx, 'maxAllowedTemperature', 'VALIDATION_FAILED');
    }
    if (!isValidTimeZone(s.timeZoneId)) issue(ctx, 'timeZoneId', 'BUILDING_INVALID_TIME_ZONE');
    if (!(locales as readonly string[]).includes(s.defaultLocale))
      issue(ctx, 'defaultLocale', 'BUILDING_INVALID_LANGUAGE');
    if (s.autoCheckoutMode === 'SPECIFIC_TIME' && !s.autoCheckoutSpecificTime) {
      issue(ctx, 'autoCheckoutSpecificTime', 'MISSING');
    }
    if (s.autoCheckoutMode === 'TIMEOUT' && !s.autoCheckOutTimeout) issue(ctx, 'autoCheckOutTimeout', 'MISSING');
  })
  .meta({ id: 'BuildingSettings' });
export type BuildingSettings = z.infer<typeof buildingSettingsSchema>;

export const checkInFieldSchema = z.object({
  enabled: z.boolean(),
  mandatory: z.boolean(),
  enabledEditable: z.boolean(),
  mandatoryEditable: z.boolean(),
  order: z.number().int().min(0).max(100),
  type: z.enum(checkInFieldTypes),
  size: z.number().int().min(1).max(255),
  custom: z.boolean(),
  label: z.string().max(64),
});

const checkInFormShape = Object.fromEntries(checkInFieldKeys.map((key) => [key, checkInFieldSchema])) as Record<
  (typeof checkInFieldKeys)[number],
  typeof checkInFieldSchema
>;
export const checkInFormSchema = z.object(checkInFormShape).superRefine((form, ctx) => {
  for (const key of ['custom1', 'custom2'] as const) {
    if (form[key].enabled && form[key].label.trim() === '') issue(ctx, `${key}.label`, 'IS_EMPTY');
  }
  // A switch the product locks (names always asked and required) is not the building's to change.
  const locked = lockedFieldChange(form);
  if (locked) issue(ctx, `${locked.key}.${locked.flag}`, 'BUILDING_CHECK_IN_FIELD_LOCKED');
});

export const buildingCheckInFormsSchema = z
  .object({
    visitorCheckInForm: checkInFormSchema,
    contractorCheckInForm: checkInFormSchema,
    employeeCheckInForm: checkInFormSchema,
  })
  .meta({ id: 'BuildingCheckInForms' });
export type BuildingCheckInForms = z.infer<typeof buildingCheckInFormsSchema>;

const idList = z.array(z.uuid()).max(50);
/** A building's questionnaire lists of one kind, per person type: one shape for the entry and the exit calls. */
export const buildingQuestionnairesSchema = z
  .object({ visitorQuestionnaires: idList, contractorQuestionnaires: idList, employeeQuestionnaires: idList })
  .meta({ id: 'BuildingQuestionnaires' });
/** The exit lists under the keys the exit call took before it had the entry call's shape; still accepted. */
export const buildingExitQuestionnairesSchema = z
  .object({
    visitorExitQuestionnaires: idList,
    contractorExitQuestionnaires: idList,
    employeeExitQuestionnaires: idList,
  })
  .meta({ id: 'BuildingExitQuestionnaires', deprecated: true });

export const buildingDeviceTextsSchema = z.object({
  devicesSuccessText: z.string().max(KIOSK_TEXT_MAX),
  devicesAttentionText: z.string().max(KIOSK_TEXT_MAX),
});

/** Kiosk device addresses as `devicesIds` keeps them: each wrapped in the ';;;' separator. */
export function parseDeviceIds(devicesIds: string | null | undefined): string[] {
  return (devicesIds ?? '').split(DEVICE_SEPARATOR).filter((part) => part.trim() !== '');
}
export function formatDeviceIds(addresses: readonly string[]): string {
  return addresses.length === 0 ? '' : addresses.map((a) => `${DEVICE_SEPARATOR}${a}${DEVICE_SEPARATOR}`).join('');
}
export function isIpv4(value: string): boolean {
  return ipv4Pattern.test(value) && value.split('.').every((part) => Number(part) <= 255);
}

export const buildingDevicesSchema = z.object({
  devicesIds: z
    .string()
    .max(4000)
    .refine((v) => parseDeviceIds(v).every(isIpv4), 'every device must be an IPv4 address'),
});

export const buildingMobileTokenSchema = z.object({
  mobileTokenChangeDays: z.number().int().min(1).max(365),
  mobileTokenNextRefreshAt: z.iso.datetime({ offset: true }),
});

export const cameraInputSchema = z
  .object({
    name: z.string().trim().min(1).max(128),
    ipAddress: z.string().trim().min(1).max(128),
    authUser: z
      .string()
      .max(128)
      .nullable()
      .optional()
      .transform((v) => v || null),
    /** Omitted or empty on update: the stored password stays. */
    authPassword: z.string().max(128).nullable().optional(),
    cameraPlace: z.enum(cameraPlaces),
    active: z.boolean().default(true),
    simulated: z.boolean().default(false),
  })
  .meta({ id: 'CameraFields' });
export type CameraInput = z.input<typeof cameraInputSchema>;

/**
 * A camera's edit: it changes only the fields it names, an omitted one keeps what is stored. An
 * empty or null user name clears it; an omitted or empty password keeps the stored one.
 */
export const cameraChangeSchema = z
  .object({
    name: z.string().trim().min(1).max(128).optional(),
    ipAddress: z.string().trim().min(1).max(128).optional(),
    authUser: z
      .string()
      .max(128)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    authPassword: z.string().max(128).nullable().optional(),
    cameraPlace: z.enum(cameraPlaces).optional(),
    active: z.boolean().optional(),
    simulated: z.boolean().optional(),
  })
  .meta({ id: 'CameraChange' });
export type CameraChange = z.output<typeof cameraChangeSchema>;

export const cameraSchema = z
  .object({
    id: z.uuid(),
    buildingId: z.uuid(),
    name: z.string(),
    ipAddress: z.string(),
    authUser: z.string().nullable(),
    hasPassword: z.boolean(),
    cameraPlace: z.enum(cameraPlaces),
    active: z.boolean(),
    simulated: z.boolean(),
  })
  .meta({ id: 'Camera' });
export type Camera = z.infer<typeof cameraSchema>;

export const buildingSchema = z
  .object({
    id: z.uuid(),
    createdAt: z.string(),
    updatedAt: z.string(),
    tenant: z.object({ id: z.uuid(), name: z.string() }),
    name: z.string(),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    zip: z.string().nullable(),
    state: z.string().nullable(),
    countryCode: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    externalId: z.string().nullable(),
    pinCode: z.string().nullable(),
    qrCodeKey: z.string(),
    mobileToken: z.string().nullable(),
    mobileTokenChangeDays: z.number().int(),
    mobileTokenNextRefreshAt: z.string().nullable(),
    checkInLogoFileName: z.string().nullable(),
    checkInLogoVersion: z.number().int(),
    devicesLimit: z.number().int(),
    devicesIds: z.string(),
    devicesSuccessText: z.string(),
    devicesAttentionText: z.string(),
    visitorCheckInForm: checkInFormSchema,
    contractorCheckInForm: checkInFormSchema,
    employeeCheckInForm: checkInFormSchema,
    visitorQuestionnaires: z.array(z.uuid()),
    contractorQuestionnaires: z.array(z.uuid()),
    employeeQuestionnaires: z.array(z.uuid()),
    visitorExitQuestionnaires: z.array(z.uuid()),
    contractorExitQuestionnaires: z.array(z.uuid()),
    employeeExitQuestionnaires: z.array(z.uuid()),
  })
  .extend(buildingSettingsSchema.shape)
  .meta({ id: 'Building' });
export type Building = z.infer<typeof buildingSchema>;

/** A camera reading: the highest temperature of each detected face or area. */
export const cameraInfoSchema = z
  .object({ entries: z.array(z.object({ maxTemperature: z.number() })), simulated: z.boolean() })
  .meta({ id: 'CameraInfo' });
export type CameraInfo = z.infer<typeof cameraInfoSchema>;
