import { z } from 'zod';
import { COMMENTS_MAX, locales } from '../constants.ts';
import { dateRangeError, visitDurationChoices } from '../domain/visitState.ts';
import { visitorTypes } from '../domain/visitorTypes.ts';
import { optionalEmailSchema, optionalTextSchema, refuseDateRange } from './common.ts';
import { PERSON_LIMITS } from './person.ts';
import {
  answeredQuestionnaireSchema,
  checkoutMethods,
  entryRefusals,
  visitSummarySchema,
  wizardQuestionnaireSchema,
} from './visit.ts';

// The entry log's management of visits: what staff send and get back. Public check-in shapes stay in visit.ts; these reuse them where the wizard is the same.

/** The columns the entry log sorts by (one at a time, `order` -1 or 1; 0 or none: newest first). */
export const visitSortColumns = [
  'createdAt',
  'scheduledAt',
  'checkedInAt',
  'checkedOutAt',
  'lastName',
  'firstName',
  'visitorType',
  'companyName',
  'host',
] as const;
export type VisitSortColumn = (typeof visitSortColumns)[number];

/** The entry log's status filter: one per visit status (docs/visits.md, "Statuses"). */
export const visitStatusFilters = [
  'in',
  'out',
  'late',
  'soon',
  'today',
  'expected',
  'ok',
  'expired',
  'cancelled',
  'refused',
] as const;

/**
 * The entry log's counters of a building's day (its time zone), each also a filter of the list
 * (`counter`): a counter's number is the count of the list it filters (docs/visits.md, "The entry
 * log's counters").
 */
export const visitCounters = ['inBuilding', 'expectedToday', 'leavingWithinHour', 'checkedOutToday'] as const;
export type VisitCounter = (typeof visitCounters)[number];

/**
 * The entry log's filters. The company is the request's tenant (the tab's choice for
 * admins, `x-vestibule-tenant`); `companyName` is the visitor's company. `from`/`to` apply to the
 * `dateFilter` column (check-in by default), `to` excluded, at most 30 days apart
 * (DATE_RANGE_TOO_LONG; `to` before `from`: VALIDATION_FAILED). `page` starts at 1.
 */
export const visitListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
    search: z.string().max(100).optional(),
    status: z.enum(visitStatusFilters).optional(),
    /** The visits a counter of the building's day counts (in the building, expected today, ...). */
    counter: z.enum(visitCounters).optional(),
    visitorType: z.enum(visitorTypes).optional(),
    buildingId: z.uuid().optional(),
    /** Visits whose host is this person of the directory. */
    hostPersonId: z.uuid().optional(),
    /** The visitor's company (part of it, any case). */
    companyName: z.string().max(100).optional(),
    dateFilter: z.enum(['checkInAt', 'checkOutAt', 'scheduledAt']).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    sort: z.enum(visitSortColumns).optional(),
    order: z.coerce.number().int().min(-1).max(1).optional(),
  })
  .superRefine((query, ctx) => refuseDateRange(ctx, dateRangeError(query.from, query.to)));
export type VisitListQuery = z.infer<typeof visitListQuerySchema>;

/**
 * The list counts exactly up to this many rows and then stops (`totalCapped`): counting every
 * visit of a company of millions for a pager would cost more than the page itself (10,000 rows
 * cost 20 to 50 ms on the embedded database, the whole budget of a page). The pager shows the
 * pages counted and says there are more; any page can still be asked for.
 */
export const VISIT_COUNT_CAP = 1_000;

/** One row of the entry log: the summary and what the list shows or acts on besides. */
export const visitListItemSchema = visitSummarySchema
  .extend({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    hostPersonId: z.uuid().nullable(),
    hostUserId: z.uuid().nullable(),
    isInvitation: z.boolean(),
    cancelledAt: z.string().nullable(),
    refusal: z.enum(entryRefusals).nullable(),
    checkoutMethod: z.enum(checkoutMethods).nullable(),
    /** The building's time zone: staff read the visit's times on the building's clock. */
    timeZoneId: z.string(),
    /** The visit has the person's photo (GET /meeting/{id}/photo). */
    hasPhoto: z.boolean(),
    /** Waiting at the door for staff to approve: the watchlist held it (docs/watchlist.md). */
    held: z.boolean(),
    /** Erased by retention or on request (docs/privacy.md): it names nobody, and says so. */
    anonymised: z.boolean(),
  })
  .meta({ id: 'VisitListItem' });
export type VisitListItem = z.infer<typeof visitListItemSchema>;

/** The most visitors held at the door the entry log's banner lists at once (the longest waiting first). */
export const HELD_VISITS_MAX = 50;

/**
 * A visitor the watchlist holds at the door (docs/watchlist.md): their row of the entry log and
 * since when they wait (the hold is the visit's last change until staff decide).
 */
export const heldVisitSchema = visitListItemSchema.extend({ heldSince: z.string() }).meta({ id: 'HeldVisit' });
export type HeldVisit = z.infer<typeof heldVisitSchema>;

/** Every visitor held at the door in the caller's buildings, whatever the list's filters, up to HELD_VISITS_MAX. */
export const heldVisitListSchema = z.object({ docs: z.array(heldVisitSchema) });
export type HeldVisitList = z.infer<typeof heldVisitListSchema>;

export const visitListSchema = z.object({
  docs: z.array(visitListItemSchema),
  /** Exact up to VISIT_COUNT_CAP; past it, VISIT_COUNT_CAP + 1 with `totalCapped` true. */
  totalDocs: z.number().int(),
  totalCapped: z.boolean(),
});
export type VisitList = z.infer<typeof visitListSchema>;

/**
 * The entry log's counters for one building, on the building's day (its time zone): each is the
 * number of visits the list shows with that counter as its filter (`counter`).
 */
export const visitStatsSchema = z
  .object({
    buildingId: z.uuid(),
    timeZoneId: z.string(),
    /** Checked in and not out (overdue ones included). */
    inBuilding: z.number().int(),
    /** Not arrived, not refused, not cancelled, scheduled today and not yet past its end. */
    expectedToday: z.number().int(),
    /** In, and expected to end within the next hour. */
    leavingWithinHour: z.number().int(),
    /** Checked out today. */
    checkedOutToday: z.number().int(),
  })
  .meta({ id: 'VisitStats' });
export type VisitStats = z.infer<typeof visitStatsSchema>;

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
 * first and last name required), the host (one of the building's hosts: a person of the
 * directory, `hostPersonId`, or a user, `hostUserId`; one is required), when, and for how long
 * (one of `visitDurationChoices`: 5 min to 8 h). The invitation e-mail goes to `email` (or the
 * person's) in `locale`, sent by the lifecycle job.
 */
export const visitInviteSchema = z.object({
  buildingId: z.uuid(),
  visitorType: z.enum(visitorTypes),
  ...visitorFields,
  hostPersonId: z.uuid().nullable().optional(),
  hostUserId: z.uuid().nullable().optional(),
  scheduledAt: z.iso.datetime({ offset: true }),
  scheduledDuration: z.enum(visitDurationChoices),
  comments: z.string().max(COMMENTS_MAX).nullable().optional(),
  /** The language of the visitor's e-mails; default: the person's, else the building's. */
  locale: z.enum(locales).optional(),
});
export type VisitInvite = z.input<typeof visitInviteSchema>;

/**
 * A change to a visit (PATCH /meeting/{id}): only the fields given change. The schedule only
 * before arrival (MEETING_ALREADY_STARTED); nothing once out or cancelled.
 */
export const visitUpdateSchema = z.object({
  visitorType: z.enum(visitorTypes).optional(),
  firstName: visitorFields.firstName,
  lastName: visitorFields.lastName,
  email: visitorFields.email,
  phone: visitorFields.phone,
  companyName: visitorFields.companyName,
  /** Another host: a person of the directory or a user (one of the two). */
  hostPersonId: z.uuid().optional(),
  hostUserId: z.uuid().optional(),
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
  scheduledDuration: z.enum(visitDurationChoices).optional(),
  comments: z.string().max(COMMENTS_MAX).nullable().optional(),
  locale: z.enum(locales).optional(),
});
export type VisitUpdate = z.input<typeof visitUpdateSchema>;

/**
 * GET /meeting/{id}/questionnaire and /exitQuestionnaire: the building's questionnaires for the
 * visit's person type now, and the answers the visit holds (with the question texts as answered).
 */
export const visitQuestionnairesSchema = z
  .object({
    questionnaires: z.array(wizardQuestionnaireSchema),
    answers: z.array(answeredQuestionnaireSchema),
  })
  .meta({ id: 'VisitQuestionnaires' });
export type VisitQuestionnaires = z.infer<typeof visitQuestionnairesSchema>;

/**
 * GET /meeting/building/{id}/employee (staff) and GET /building/{key}/hosts (a kiosk or a phone):
 * the building's hosts whose first or last name starts with `name` (domain/hosts.ts).
 */
export const hostSearchQuerySchema = z.object({
  /** The first letters of a first name, a last name, or "first last" (any case); none: nobody. */
  name: z.string().trim().max(100).optional(),
  /** Staff only (default HOST_SEARCH_LIMIT); a kiosk's or a phone's search answers at most HOST_SEARCH_LIMIT. */
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

/** A host as a search answers it: the link, the names and the department; never an e-mail or a phone. */
export const hostCandidateSchema = z
  .object({
    /** A person of the directory (an employee or a resident of the building), or null. */
    personId: z.uuid().nullable(),
    /** A user of the company who sees the building, or null. */
    userId: z.uuid().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    department: z.string().nullable(),
  })
  .meta({ id: 'HostCandidate' });
export type HostCandidate = z.infer<typeof hostCandidateSchema>;
