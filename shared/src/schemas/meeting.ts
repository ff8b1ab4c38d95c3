import { z } from 'zod';
import { COMMENTS_MAX, locales } from '../constants.ts';
import { isIsoDuration } from '../domain/duration.ts';
import { meetingDurationChoices } from '../domain/meeting.ts';
import { visitorTypes } from '../domain/visitorTypes.ts';
import { optionalEmailSchema, optionalTextSchema } from './common.ts';
import { PERSON_LIMITS } from './person.ts';
import {
  ANSWER_TEXT_MAX,
  answeredQuestionnaireSchema,
  checkInDataSchema,
  checkoutMethods,
  meetingListQuerySchema,
  questionnairesAnswersSchema,
  visitDetailSchema,
  visitSummarySchema,
  wizardQuestionnaireSchema,
  wizardVisitorTypeSchema,
} from './visit.ts';

// The entry log's calls (issue 13; application.md section 7, "Meetings"): what staff send and
// get back. Public check-in shapes stay in visit.ts; these reuse them where the wizard is the same.

/**
 * The list counts exactly up to this many rows and then stops (`totalCapped`): counting every
 * visit of a company of millions for a pager would cost more than the page itself (10,000 rows
 * cost 20 to 50 ms on the embedded database, the whole budget of a page). The pager shows the
 * pages counted and says there are more; any page can still be asked for.
 */
export const MEETING_COUNT_CAP = 1_000;

/** One row of the entry log: the summary and what the list shows or acts on besides. */
export const meetingListItemSchema = visitSummarySchema
  .extend({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    hostPersonId: z.uuid().nullable(),
    isInvitation: z.boolean(),
    cancelledAt: z.string().nullable(),
    refusal: z.enum(['ALERT_ANSWER', 'TEMPERATURE']).nullable(),
    checkoutMethod: z.enum(checkoutMethods).nullable(),
  })
  .meta({ id: 'MeetingListItem' });
export type MeetingListItem = z.infer<typeof meetingListItemSchema>;

export const meetingListSchema = z.object({
  docs: z.array(meetingListItemSchema),
  /** Exact up to MEETING_COUNT_CAP; past it, MEETING_COUNT_CAP + 1 with `totalCapped` true. */
  totalDocs: z.number().int(),
  totalCapped: z.boolean(),
});
export type MeetingList = z.infer<typeof meetingListSchema>;

/** meetings.csv: the list's filters and sort, every row (no page). */
export const meetingCsvQuerySchema = meetingListQuerySchema;

/** The entry log's counters for one building, on the building's day (its time zone). */
export const meetingStatsSchema = z
  .object({
    buildingId: z.uuid(),
    timeZoneId: z.string(),
    /** Checked in and not out (overdue ones included). */
    inBuilding: z.number().int(),
    /** Not arrived, not cancelled, scheduled today and not yet past its end. */
    expectedToday: z.number().int(),
    /** In, and expected to end within the next hour. */
    leavingWithinHour: z.number().int(),
    /** Checked out today. */
    checkedOutToday: z.number().int(),
  })
  .meta({ id: 'MeetingStats' });
export type MeetingStats = z.infer<typeof meetingStatsSchema>;

/** The visitor of an invitation: a person of the directory, or typed in. */
const visitorFields = {
  /** A person of the directory of the same building: names, e-mail and phone come from the record. */
  personId: z.uuid().nullable().optional(),
  firstName: optionalTextSchema(PERSON_LIMITS.name),
  lastName: optionalTextSchema(PERSON_LIMITS.name),
  email: optionalEmailSchema(PERSON_LIMITS.email),
  phone: optionalTextSchema(PERSON_LIMITS.phone),
  companyName: optionalTextSchema(PERSON_LIMITS.companyName),
};

/**
 * A new invitation (POST /meeting, 201): the visitor (from the directory, `personId`, or typed:
 * first and last name required), the host (an employee of the building in the directory), when,
 * and for how long (one of the spec's choices). The invitation e-mail goes to `email` (or the
 * person's) in `locale`, sent by the lifecycle job.
 */
export const meetingInviteSchema = z.object({
  buildingId: z.uuid(),
  visitorType: z.enum(visitorTypes),
  ...visitorFields,
  hostPersonId: z.uuid(),
  scheduledAt: z.iso.datetime({ offset: true }),
  scheduledDuration: z.enum(meetingDurationChoices),
  comments: z.string().max(COMMENTS_MAX).nullable().optional(),
  /** The language of the visitor's e-mails; default: the person's, else the building's. */
  locale: z.enum(locales).optional(),
});
export type MeetingInvite = z.input<typeof meetingInviteSchema>;

/**
 * A change to a visit (PATCH /meeting/{id}): only the fields given change. The schedule only
 * before arrival (MEETING_ALREADY_STARTED); nothing once out or cancelled.
 */
export const meetingUpdateSchema = z.object({
  visitorType: z.enum(visitorTypes).optional(),
  firstName: visitorFields.firstName,
  lastName: visitorFields.lastName,
  email: visitorFields.email,
  phone: visitorFields.phone,
  companyName: visitorFields.companyName,
  hostPersonId: z.uuid().optional(),
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
  scheduledDuration: z.enum(meetingDurationChoices).optional(),
  comments: z.string().max(COMMENTS_MAX).nullable().optional(),
  locale: z.enum(locales).optional(),
});
export type MeetingUpdate = z.input<typeof meetingUpdateSchema>;

const temperatureValue = z.number().min(20).max(120).nullable().optional().default(null);

/**
 * The wizard's result as staff post it (the same wizard component as the kiosk): the server
 * checks it by the same rules as a public check-in (mandatory fields, answers, consent,
 * temperatures by the building's settings; an alert answer or a temperature refuses).
 */
const staffWizardFields = {
  scheduledDuration: z.string().refine(isIsoDuration, 'not an ISO 8601 duration').nullable().optional().default(null),
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
};

/** PATCH /meeting/{id}/check-in: staff check in an expected visit with the wizard's result. */
export const staffCheckInSchema = z.object({
  /** The wizard's person type (v, c, e accepted); default: the visit's. */
  visitorType: wizardVisitorTypeSchema.optional(),
  ...staffWizardFields,
});
export type StaffCheckIn = z.input<typeof staffCheckInSchema>;

/**
 * POST /meetingWithCheckIn, the fast check-in: a new visit checked in at once by staff, with the
 * wizard's result; the visitor may be a person of the directory (`personId`, no pass needed:
 * staff vouch for them) and the host an employee of the directory.
 */
export const fastCheckInSchema = z.object({
  buildingId: z.uuid(),
  visitorType: wizardVisitorTypeSchema,
  personId: z.uuid().nullable().optional().default(null),
  hostPersonId: z.uuid().nullable().optional().default(null),
  ...staffWizardFields,
});
export type FastCheckIn = z.input<typeof fastCheckInSchema>;

/** POST /meeting/instantReplacementCheckin: check the same person in again from a visit of theirs. */
export const instantReplacementSchema = z.object({
  /** The visit to replace (in or out): its form and answers are reused while they hold. */
  meetingId: z.uuid(),
});

/**
 * GET /meeting/{id}/check-in: what the staff wizard starts from. `status` is the spec's
 * visit-to-check-in status: `allowed`, or `expired` when the visit's time has passed or its
 * answers no longer hold (the notice checkInOut.checkIn.expired; the wizard asks everything
 * again: `prefill.questionnairesAnswers` is empty).
 */
export const meetingCheckInDataSchema = z
  .object({
    status: z.enum(['allowed', 'expired']),
    visit: visitDetailSchema,
    wizard: checkInDataSchema,
    prefill: z.object({
      visitorType: z.enum(['VISITOR', 'CONTRACTOR', 'EMPLOYEE']),
      checkInForm: z.record(z.string(), z.union([z.string(), z.boolean()])),
      questionnairesAnswers: z.array(answeredQuestionnaireSchema),
      scheduledDuration: z.string().nullable(),
    }),
  })
  .meta({ id: 'MeetingCheckInData' });
export type MeetingCheckInData = z.infer<typeof meetingCheckInDataSchema>;

/** PATCH /meeting/{id}/questionnaires and /exitQuestionnaires: answers given on the visitor's behalf. */
export const meetingAnswersSchema = z.object({ questionnairesAnswers: questionnairesAnswersSchema });

/**
 * GET /meeting/{id}/questionnaire and /exitQuestionnaire: the building's questionnaires for the
 * visit's person type now, and the answers the visit holds (with the question texts as answered).
 */
export const meetingQuestionnairesSchema = z
  .object({
    questionnaires: z.array(wizardQuestionnaireSchema),
    answers: z.array(answeredQuestionnaireSchema),
  })
  .meta({ id: 'MeetingQuestionnaires' });
export type MeetingQuestionnaires = z.infer<typeof meetingQuestionnairesSchema>;

/** GET /meeting/building/{id}/employee: hosts from the directory (active employees of the building). */
export const hostSearchQuerySchema = z.object({
  /** Part of the first name, last name or e-mail (any case); none: the first ones by name. */
  name: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

export const hostCandidateSchema = z
  .object({
    personId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    jobTitle: z.string().nullable(),
    department: z.string().nullable(),
  })
  .meta({ id: 'HostCandidate' });
export type HostCandidate = z.infer<typeof hostCandidateSchema>;
