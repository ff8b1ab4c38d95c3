import { z } from 'zod';
import { visitorTypes } from '../domain/visitorTypes.ts';
import {
  answeredQuestionnaireSchema,
  checkInDataSchema,
  questionnairesAnswersSchema,
  visitDetailSchema,
  wizardAnswerFields,
  wizardVisitorTypeSchema,
} from './visit.ts';

// Staff at the desk on the check-in's staff channel: what the entry log's door actions send
// (check-in of an expected visit, fast check-in of a walk-in, instant replacement, answers given
// on the visitor's behalf) and what the staff wizard starts from. The wizard's answers are the
// public check-in's (`wizardAnswerFields`), judged by the same rules.

/**
 * What the desk checks someone in with: the building's check-in for a person type (the public
 * wizard's input) and whether the building asks the entry questionnaires at the desk
 * (docs/check-in.md, "At the desk").
 */
export const deskCheckInDataSchema = checkInDataSchema
  .extend({ questionnairesOnStaffCheckIn: z.boolean() })
  .meta({ id: 'DeskCheckInData' });
export type DeskCheckInData = z.infer<typeof deskCheckInDataSchema>;

/** PATCH /meeting/{id}/check-in: staff check in an expected visit with the wizard's result. */
export const staffCheckInSchema = z.object({
  /** The wizard's person type (v, c, e accepted); default: the visit's. */
  visitorType: wizardVisitorTypeSchema.optional(),
  ...wizardAnswerFields,
});
export type StaffCheckIn = z.input<typeof staffCheckInSchema>;

/**
 * POST /meetingWithCheckIn, the fast check-in: a new visit checked in at once by staff, with the
 * wizard's result; the visitor may be a person of the directory (`personId`, no pass needed:
 * staff vouch for them) and the host one of the building's hosts (`hostPersonId` or `hostUserId`,
 * among the wizard's answers).
 */
export const fastCheckInSchema = z.object({
  buildingId: z.uuid(),
  visitorType: wizardVisitorTypeSchema,
  personId: z.uuid().nullable().optional().default(null),
  ...wizardAnswerFields,
});
export type FastCheckIn = z.input<typeof fastCheckInSchema>;

/** POST /meeting/instantReplacementCheckin: check the same person in again from a visit of theirs. */
export const instantReplacementSchema = z.object({
  /** The visit to replace (in or out): its form and answers are reused while they hold. */
  meetingId: z.uuid(),
});

/**
 * GET /meeting/{id}/check-in: what the staff wizard starts from. `status` says whether the visit
 * can be checked in as it is (docs/visits.md, "Check-in"): `allowed`, or `expired` when the
 * visit's time has passed or its answers no longer hold (the notice entryLog.checkIn.expired;
 * the wizard asks everything again: `prefill.questionnairesAnswers` is empty).
 */
export const visitCheckInDataSchema = z
  .object({
    status: z.enum(['allowed', 'expired']),
    visit: visitDetailSchema,
    wizard: deskCheckInDataSchema,
    prefill: z.object({
      visitorType: z.enum(['VISITOR', 'CONTRACTOR', 'EMPLOYEE']),
      checkInForm: z.record(z.string(), z.union([z.string(), z.boolean()])),
      questionnairesAnswers: z.array(answeredQuestionnaireSchema),
      scheduledDuration: z.string().nullable(),
    }),
  })
  .meta({ id: 'VisitCheckInData' });
export type VisitCheckInData = z.infer<typeof visitCheckInDataSchema>;

/** PATCH /meeting/{id}/questionnaires and /exitQuestionnaires: answers given on the visitor's behalf. */
export const visitAnswersSchema = z.object({ questionnairesAnswers: questionnairesAnswersSchema });

/** GET /meeting/building/{id}/returning: who came to the building before, found as staff type. */
export const returningVisitorQuerySchema = z.object({
  /** The beginning of a first or last name ("first last" too), an e-mail or a company. */
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(20).optional(),
});

/**
 * Someone checked in at the building before (the last year), as their latest visit there says:
 * the desk checks them in again from it (POST /meeting/instantReplacementCheckin) or starts its
 * form from it. `inside`: that visit is still open.
 */
export const returningVisitorSchema = z
  .object({
    visitId: z.uuid(),
    personId: z.uuid().nullable(),
    visitorType: z.enum(visitorTypes),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    companyName: z.string().nullable(),
    host: z.string().nullable(),
    hostPersonId: z.uuid().nullable(),
    hostUserId: z.uuid().nullable(),
    checkInForm: z.record(z.string(), z.union([z.string(), z.boolean()])),
    lastCheckedInAt: z.string(),
    inside: z.boolean(),
  })
  .meta({ id: 'ReturningVisitor' });
export type ReturningVisitor = z.infer<typeof returningVisitorSchema>;
