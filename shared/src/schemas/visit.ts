import { shownPrivacyNoticeSchema } from './privacyNotice.ts';
import { z } from 'zod';
import { COMMENTS_MAX } from '../constants.ts';
import { isWizardDuration } from '../domain/wizard.ts';
import { visitStatuses } from '../domain/visitStatus.ts';
import { temperatureUnits } from '../domain/temperature.ts';
import { type WizardVisitorType, visitorTypes, wizardVisitorTypes } from '../domain/visitorTypes.ts';
import { VISITOR_PHOTO_BASE64_MAX, visitorPhotoModes } from '../domain/visitorPhoto.ts';
import { badgePrintModes } from '../domain/badge.ts';
import { badgeLayoutSchema, checkInFieldSchema, employeeCheckInModes } from './building.ts';
import { documentSignaturesSchema, visitSignatureSchema, wizardDocumentSchema } from './document.ts';
import { questionSchema, questionTypes } from './questionnaire.ts';

/** Why a check-in was refused: an answer, a temperature, or the company's watchlist (docs/watchlist.md). */
export const entryRefusals = ['ALERT_ANSWER', 'TEMPERATURE', 'WATCHLIST'] as const;
export type EntryRefusalReason = (typeof entryRefusals)[number];

// Visits ("meetings" in the HTTP paths: docs/glossary.md, "meeting") and the public check-in
// and check-out contract.

const shortTypes: Record<string, WizardVisitorType> = { v: 'VISITOR', c: 'CONTRACTOR', e: 'EMPLOYEE' };

/** VISITOR, CONTRACTOR, EMPLOYEE, or the wizard's short v, c, e. */
export const wizardVisitorTypeSchema = z
  .string()
  .transform((value) => shortTypes[value] ?? value)
  .pipe(z.enum(wizardVisitorTypes));

export const visitSources = ['OWN_DEVICE', 'KIOSK', 'STAFF', 'REGISTRATION'] as const;
/** How a visit was checked out: by the visitor, at a kiosk, by staff, or by the auto check-out. */
export const checkoutMethods = ['OWN_DEVICE', 'KIOSK', 'STAFF', 'AUTO_TIMEOUT', 'AUTO_SPECIFIC_TIME'] as const;
export const ANSWER_TEXT_MAX = 255;

export const answeredQuestionnaireSchema = z.object({
  questionnaireId: z.uuid(),
  name: z.string(),
  items: z.array(
    z.object({
      questionId: z.uuid(),
      /** The question's text as it was when answered. */
      question: z.string(),
      questionType: z.enum(questionTypes),
      answer: z.string(),
    }),
  ),
});
export type AnsweredQuestionnaire = z.infer<typeof answeredQuestionnaireSchema>;

const temperatureValue = z.number().min(20).max(120).nullable().optional().default(null);

/** Answers per questionnaire: question id -> YES, NO, NA, SKIP or free text. */
export const questionnairesAnswersSchema = z
  .array(z.object({ questionnaireId: z.uuid(), answers: z.record(z.uuid(), z.string().max(ANSWER_TEXT_MAX)) }))
  .max(20)
  .default([]);

/**
 * The wizard's answers as every check-in request carries them, declared once: the public check-in
 * (/checkin, /checkinKiosk), staff's check-in of an expected visit and the fast check-in of a
 * walk-in. The server judges them by the same rules whoever posts them.
 */
export const wizardAnswerFields = {
  /** The stay's expected length as the wizard gives it: 0 to 24 hours in steps of 5 minutes. */
  scheduledDuration: z
    .string()
    .refine(isWizardDuration, 'not a duration of 0 to 24 hours in steps of 5 minutes')
    .nullable()
    .optional()
    .default(null),
  checkInForm: z
    .record(z.string().max(32), z.union([z.string().max(ANSWER_TEXT_MAX), z.boolean()]))
    .refine((form) => Object.keys(form).length <= 20, 'too many fields')
    .default({}),
  questionnairesAnswers: questionnairesAnswersSchema,
  consentAccepted: z.boolean().optional().default(false),
  tempMeasure1: temperatureValue,
  tempMeasure2: temperatureValue,
  comments: z.string().max(COMMENTS_MAX).nullable().optional().default(null),
  emailMeActive: z.boolean().optional().default(false),
  emailMeEmail: z
    .union([z.literal(''), z.email().max(ANSWER_TEXT_MAX)])
    .nullable()
    .optional()
    .default(null),
  /**
   * The host chosen from the building's hosts (docs/check-in.md, "The host"): a person of the
   * directory or a user, at most one, beside the name the form's `host` field shows. The server
   * checks the link is a host of the building when it applies the entry (a kiosk's: at sync).
   */
  hostPersonId: z.uuid().nullable().optional().default(null),
  hostUserId: z.uuid().nullable().optional().default(null),
};
/** The wizard's answers as a check-in request carries them (see `wizardAnswersOf`, domain/checkInBody.ts). */
export type WizardAnswers = z.output<z.ZodObject<typeof wizardAnswerFields>>;

/** A photo's base64 text: too long is VISITOR_PHOTO_TOO_BIG, as the server answers a photo too big once decoded. */
const visitorPhotoText = z
  .string()
  .superRefine((text, ctx) => {
    if (text.length <= VISITOR_PHOTO_BASE64_MAX) return;
    ctx.addIssue({ code: 'custom', message: 'VISITOR_PHOTO_TOO_BIG', params: { errorCode: 'VISITOR_PHOTO_TOO_BIG' } });
  })
  .nullable()
  .optional()
  .default(null);

/** The check-in wizard's result, posted to /checkin or /checkinKiosk. */
export const checkInRequestSchema = z
  .object({
    qrCodeKey: z.string().min(1).max(64),
    visitorType: wizardVisitorTypeSchema,
    /** An existing (invited or offline-made) visit's id, or the id the kiosk generated. */
    id: z.uuid().nullable().optional().default(null),
    /**
     * The person this check-in is of: given only with its proof, `passIdentifier` (a
     * scanned pass or the personal link) or `personTicket` (a PIN identification's answer). The
     * server checks the person again (same building and company, not deactivated, valid that day).
     */
    personId: z.uuid().nullable().optional().default(null),
    /** The person's pass identifier, proving `personId` (a kiosk offline sends the one it scanned). */
    passIdentifier: z.string().min(1).max(64).nullable().optional().default(null),
    /** The ticket of a PIN identification, proving `personId` until it expires. */
    personTicket: z.string().min(1).max(128).nullable().optional().default(null),
    /**
     * The public identifier of the visit `id` names (its own link's): it proves the visit as a
     * pass proves a person, so a phone checking into its invitation needs no mobile token.
     */
    publicIdentifier: z.string().min(1).max(64).nullable().optional().default(null),
    replaceOldVisit: z.boolean().optional().default(false),
    ...wizardAnswerFields,
    /** The building's mobile token, from the ?mt= of the printed check-in link. */
    mt: z.string().max(64).nullable().optional().default(null),
    deviceId: z.string().max(64).nullable().optional().default(null),
    /**
     * The person's photo from the wizard's camera step (docs/check-in.md, "The visitor's photo"):
     * a JPEG of at most VISITOR_PHOTO_MAX_BYTES, at most VISITOR_PHOTO_MAX_SIDE pixels a side, as
     * base64 without a `data:` prefix. Longer text is refused VISITOR_PHOTO_TOO_BIG (413); the
     * content is checked by the server (VISITOR_PHOTO_INVALID_FORMAT, 415). A kiosk's queued entry
     * with a bad photo is applied without it.
     */
    photo: visitorPhotoText,
    /**
     * The documents signed in the wizard (docs/check-in.md, "Signed documents"), each naming the
     * version read. Online, every active document of the person type needs one for its current
     * version unless the person signed it lately (DOCUMENT_SIGNATURE_REQUIRED); a kiosk's queued
     * entry keeps what was signed, an older version included.
     */
    signatures: documentSignaturesSchema,
    /** The version of the company's privacy notice the visitor was shown (recorded with the visit). */
    privacyNoticeVersion: z.number().int().min(1).nullable().optional().default(null),
  })
  .meta({ id: 'CheckInRequest' });
export type CheckInRequest = z.input<typeof checkInRequestSchema>;

export const visitSummarySchema = z
  .object({
    id: z.uuid(),
    identifier: z.string(),
    publicIdentifier: z.string(),
    buildingId: z.uuid(),
    buildingName: z.string(),
    visitorType: z.enum(visitorTypes),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    host: z.string().nullable(),
    scheduledAt: z.string().nullable(),
    scheduledDuration: z.string().nullable(),
    checkedInAt: z.string().nullable(),
    checkedOutAt: z.string().nullable(),
    status: z.enum(visitStatuses),
    allowed: z.boolean(),
    flagged: z.boolean(),
  })
  .meta({ id: 'VisitSummary' });
export type VisitSummary = z.infer<typeof visitSummarySchema>;

/**
 * A visit reached through its own link (the public identifier is the visitor's secret): with
 * the check-in form it stored, so checking back in starts from everything the person gave.
 */
export const visitOfLinkSchema = visitSummarySchema
  .extend({
    /** What the link named: a visit (a person's pass answers `kind: 'person'`, schemas/identification.ts). */
    kind: z.literal('visit'),
    /** The visit's PIN, shown with its code when the visitor checks in through the link. */
    pin: z.string(),
    checkInForm: z.record(z.string(), z.union([z.string(), z.boolean()])).nullable(),
  })
  .meta({ id: 'VisitOfLink' });
export type VisitOfLink = z.infer<typeof visitOfLinkSchema>;

export const checkInResponseSchema = z
  .object({
    allowed: z.boolean(),
    checkIn: z.boolean(),
    meetingIdentifier: z.string().nullable(),
    publicIdentifier: z.string().nullable(),
    pin: z.string().nullable(),
    flagged: z.boolean(),
    refusal: z.enum(entryRefusals).nullable(),
    /**
     * Held by the watchlist (docs/watchlist.md): not in yet, waiting for staff to approve; the
     * visitor is asked to wait at the reception.
     */
    held: z.boolean(),
    /** The building's success or failure text for this outcome. */
    message: z.string(),
    entryLogItem: visitSummarySchema.nullable(),
    /** CHECKEDIN with the 208 answer. */
    errorCode: z.literal('CHECKEDIN').optional(),
  })
  .meta({ id: 'CheckInResponse' });
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;

/** What a public check-in link shows before the wizard: the building and its person types. */
export const checkInBuildingSchema = z
  .object({
    qrCodeKey: z.string(),
    fromKiosk: z.boolean(),
    building: z.object({
      id: z.uuid(),
      name: z.string(),
      logoVersion: z.number().int(),
      defaultLocale: z.string(),
      devicesSuccessText: z.string(),
      devicesAttentionText: z.string(),
      /**
       * A kiosk's outcome screen stays this long, then the welcome screen returns; and how
       * employees check in on their own (settings of the same names). Absent from configurations
       * a kiosk cached before they existed: 15 s, and employees identified.
       */
      kioskOutcomeSeconds: z.number().int().optional(),
      employeeCheckIn: z.enum(employeeCheckInModes).optional(),
      /** The kiosk's welcome text; absent from configurations cached before it existed. */
      welcomeText: z.string().optional(),
    }),
    visitorTypes: z.array(z.enum(wizardVisitorTypes)),
    /**
     * The company's privacy notice in force (docs/privacy.md, "The privacy notice"): a kiosk shows
     * the one it cached, offline too. Null when none is published; absent from configurations
     * cached before notices existed.
     */
    privacyNotice: shownPrivacyNoticeSchema.nullable().optional(),
  })
  .meta({ id: 'CheckInBuilding' });
export type CheckInBuilding = z.infer<typeof checkInBuildingSchema>;

/** A question as the wizard gets it: without its questionnaire id and sort order (the list is in order). */
const wizardQuestionSchema = questionSchema.omit({ questionnaireId: true, sortOrder: true });
export const wizardQuestionnaireSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  items: z.array(wizardQuestionSchema),
});

/** The measures and comments settings that both the check-in and the check-out pages need. */
const measureSettingsShape = {
  checkOutTemperatureMeasuresEnabled: z.boolean(),
  allowCheckOutManualTemperatureMeasure: z.boolean(),
  commentsEnabled: z.boolean(),
  temperatureUnit: z.enum(temperatureUnits),
  minTemperature: z.number().nullable(),
  maxTemperature: z.number().nullable(),
};

/** The check-in wizard's input for one person type at one building. */
export const checkInDataSchema = z
  .object({
    qrCodeKey: z.string(),
    visitorType: z.enum(wizardVisitorTypes),
    defaultMeetingDuration: z.string(),
    checkInForm: z.record(z.string(), checkInFieldSchema),
    questionnaires: z.array(wizardQuestionnaireSchema),
    consentClauseActive: z.boolean(),
    consentClauseText: z.string(),
    emailMeActive: z.boolean(),
    checkInTemperatureMeasuresEnabled: z.boolean(),
    allowCheckInManualTemperatureMeasure: z.boolean(),
    ...measureSettingsShape,
    cameras: z.object({ ENTRY: z.record(z.string(), z.string()), EXIT: z.record(z.string(), z.string()) }),
    successFormText: z.string(),
    failureFormText: z.string(),
    /** The host may be typed freely; otherwise a host typed must be chosen from the building's hosts. */
    allowFreeTextHost: z.boolean(),
    /**
     * Whether the wizard takes the person's photo (the building's `visitorPhoto` for this type):
     * OFF, OPTIONAL or REQUIRED (docs/check-in.md, "The visitor's photo"). Absent from
     * configurations a kiosk cached before it existed: OFF.
     */
    photo: z.enum(visitorPhotoModes).optional(),
    /**
     * The documents to sign (docs/check-in.md, "Signed documents"): each active document for the
     * person type at its current version, in the building's order. Absent from configurations a
     * kiosk cached before documents existed: none to sign.
     */
    documents: z.array(wizardDocumentSchema).optional(),
    /**
     * A person who signed a document's current version at this building within this many days is
     * not asked again (ask POST /checkin/:qrCodeKey/signedDocuments); 0: asked at every visit.
     */
    resignDays: z.number().int().min(0).optional(),
    /**
     * A kiosk's badge for this person type (docs/badges.md): when it prints one and its layout.
     * A phone has none; absent from configurations a kiosk cached before badges existed: none.
     */
    badge: z
      .object({
        print: z.enum(badgePrintModes),
        layout: badgeLayoutSchema,
        /** The building's time zone: the badge's times on its clock. */
        timeZoneId: z.string(),
      })
      .optional(),
  })
  .meta({ id: 'CheckInData' });
export type CheckInData = z.infer<typeof checkInDataSchema>;

/** A visit a person may check out of: what the check-out page needs. */
export const checkOutDataSchema = z
  .object({
    visit: visitSummarySchema,
    exitQuestionnaires: z.array(wizardQuestionnaireSchema),
    ...measureSettingsShape,
  })
  .meta({ id: 'CheckOutData' });

export const checkOutRequestSchema = z
  .object({
    tempMeasure1: temperatureValue,
    tempMeasure2: temperatureValue,
    comments: z.string().max(COMMENTS_MAX).nullable().optional().default(null),
    questionnairesAnswers: questionnairesAnswersSchema,
  })
  .meta({ id: 'CheckOutRequest' });

/** One open visit a kiosk's self check-out search found: enough to recognise one's own, and a ticket. */
export const selfCheckOutMatchSchema = z
  .object({
    /** Checks out this visit from the kiosk that searched, for CHECKOUT_TICKET_MINUTES. */
    ticket: z.string(),
    /** The visit's id: the kiosk checks out through its outbox a visit it already knows. */
    visitId: z.uuid(),
    firstName: z.string(),
    lastInitial: z.string(),
    checkedInAt: z.string(),
  })
  .meta({ id: 'SelfCheckOutMatch' });
export type SelfCheckOutMatch = z.infer<typeof selfCheckOutMatchSchema>;

export const selfCheckOutSearchSchema = z
  .object({
    lastName: z.string().trim().min(1).max(64).optional(),
    phoneLast4: z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
  })
  .refine((body) => (body.lastName === undefined) !== (body.phoneLast4 === undefined), 'give a last name or 4 digits');

export const visitDetailSchema = visitSummarySchema
  .extend({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    checkInForm: z.record(z.string(), z.union([z.string(), z.boolean()])),
    tempMeasure1: z.number().nullable(),
    tempMeasure2: z.number().nullable(),
    comments: z.string().nullable(),
    exitTempMeasure1: z.number().nullable(),
    exitTempMeasure2: z.number().nullable(),
    exitComments: z.string().nullable(),
    questionnairesAnswers: z.array(answeredQuestionnaireSchema),
    exitQuestionnairesAnswers: z.array(answeredQuestionnaireSchema),
    consentAccepted: z.boolean(),
    emailMe: z.string().nullable(),
    refusal: z.enum(entryRefusals).nullable(),
    source: z.enum(visitSources),
    deviceId: z.string().nullable(),
    createdAt: z.string(),
    // The front desk's fields: the directory's person and host, who invited, how it ended.
    /** The person of the directory this visit is of (a visitor picked from the directory). */
    personId: z.uuid().nullable(),
    /** The host, a person of the directory (`host` keeps the name shown). */
    hostPersonId: z.uuid().nullable(),
    /** The host, a user of the company (at most one of the two links is set). */
    hostUserId: z.uuid().nullable(),
    /** Made by staff ahead of the visit (POST /meeting): the invitation e-mail is sent for it. */
    isInvitation: z.boolean(),
    /** The user who invited (their name is `invitedByName`). */
    invitedBy: z.uuid().nullable(),
    invitedByName: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    expiredAt: z.string().nullable(),
    checkoutMethod: z.enum(checkoutMethods).nullable(),
    /** The language of the visitor's e-mails. */
    locale: z.string(),
    /** The building's time zone: staff read the visit's times on the building's clock. */
    timeZoneId: z.string(),
    /** The visit has the person's photo (GET /meeting/{id}/photo; staff only). */
    hasPhoto: z.boolean(),
    /** Waiting at the door for staff to approve: the watchlist held it (docs/watchlist.md). */
    held: z.boolean(),
    /** Erased by retention or on request (docs/privacy.md): it names nobody, and says so. */
    anonymised: z.boolean(),
    /** The documents the visitor signed, in the order signed (GET /meeting/:id only). */
    signatures: z.array(visitSignatureSchema).optional(),
  })
  .meta({ id: 'Visit' });
export type VisitDetail = z.infer<typeof visitDetailSchema>;

/** A visit's badge, for staff who reprint it (GET /meeting/:id/badge; docs/badges.md). */
export const visitBadgeSchema = z
  .object({
    visitId: z.uuid(),
    content: z.object({
      firstName: z.string(),
      lastName: z.string(),
      companyName: z.string().nullable(),
      host: z.string().nullable(),
      visitorType: z.enum(wizardVisitorTypes),
      validFrom: z.string(),
      validUntil: z.string().nullable(),
      visitCode: z.string().nullable(),
      buildingName: z.string(),
      timeZoneId: z.string(),
    }),
    layout: badgeLayoutSchema,
    /** The building's check-in logo (GET /public/buildings/{id}/checkInLogoImage/{version}); 0: none. */
    buildingId: z.uuid(),
    logoVersion: z.number().int(),
    /** The visit has the person's photo (GET /meeting/{id}/photo). */
    hasPhoto: z.boolean(),
  })
  .meta({ id: 'VisitBadge' });
export type VisitBadge = z.infer<typeof visitBadgeSchema>;
