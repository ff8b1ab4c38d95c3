import { z } from 'zod';
import { visitDurationChoices } from '../domain/visitState.ts';
import { visitStatuses } from '../domain/visitStatus.ts';
import { visitorTypes } from '../domain/visitorTypes.ts';
import { checkInFieldSchema } from './building.ts';
import { checkInRequestSchema } from './visit.ts';

// The visitor's own visit pages (docs/visits.md, "The visitor's own pages"): cancel, postpone
// (a longer stay), reschedule, reached by the visit's public identifier (the secret of the
// visitor's links), and the building's registration page, reached by its check-in key. They
// answer what those pages show and nothing else: no visit, person or host ids, no other
// person's e-mail or phone.

/** Who may register ahead: visitors and contractors (employees and residents have the directory's pass). */
export const registrationVisitorTypes = ['VISITOR', 'CONTRACTOR'] as const;
export type RegistrationVisitorType = (typeof registrationVisitorTypes)[number];

/** How far ahead a visit may be scheduled or rescheduled. */
export const VISIT_SCHEDULE_MAX_DAYS = 365;

const shortTypes: Record<string, RegistrationVisitorType> = { v: 'VISITOR', c: 'CONTRACTOR' };

/** VISITOR or CONTRACTOR, or the links' short v and c. */
export const registrationVisitorTypeSchema = z
  .string()
  .max(16)
  .transform((value) => shortTypes[value] ?? value)
  .pipe(z.enum(registrationVisitorTypes));

/** A visit's public identifier: the secret of the visitor's cancel, postpone and reschedule links. */
export const publicIdentifierParamsSchema = z.object({ publicIdentifier: z.string().min(1).max(64) });

/** The building a public page is about: its name and logo, its language and time zone. */
export const publicBuildingSchema = z
  .object({
    /** For the logo's public path only (/public/buildings/{id}/checkInLogoImage/{version}). */
    id: z.uuid(),
    name: z.string(),
    logoVersion: z.number().int(),
    defaultLocale: z.string(),
    /** Times are shown in the building's zone: the visit happens there. */
    timeZoneId: z.string(),
  })
  .meta({ id: 'PublicBuilding' });

/** A visit as its own pages show it to the visitor. */
export const publicVisitSchema = z
  .object({
    building: publicBuildingSchema,
    visitorType: z.enum(visitorTypes),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    /** The host's name as the visit shows it. */
    host: z.string().nullable(),
    status: z.enum(visitStatuses),
    scheduledAt: z.string().nullable(),
    scheduledDuration: z.string().nullable(),
    checkedInAt: z.string().nullable(),
    /** Check-in (or the schedule) plus the duration: when the visit is expected to end. */
    expectedEnd: z.string().nullable(),
  })
  .meta({ id: 'PublicVisit' });
export type PublicVisit = z.infer<typeof publicVisitSchema>;

/** A visit that can be made longer, with the durations that would make it so (none: it cannot). */
export const postponableVisitSchema = publicVisitSchema
  .extend({ durationChoices: z.array(z.enum(visitDurationChoices)) })
  .meta({ id: 'PostponableVisit' });
export type PostponableVisit = z.infer<typeof postponableVisitSchema>;

export const postponeRequestSchema = z
  .object({ scheduledDuration: z.enum(visitDurationChoices) })
  .meta({ id: 'PostponeRequest' });

export const rescheduleRequestSchema = z
  .object({ scheduledAt: z.iso.datetime({ offset: true }) })
  .meta({ id: 'RescheduleRequest' });

/** What the registration page of a building needs (for one person type once it is chosen). */
export const registrationPageSchema = z
  .object({
    qrCodeKey: z.string(),
    building: publicBuildingSchema,
    visitorTypes: z.array(z.enum(registrationVisitorTypes)),
    visitorType: z.enum(registrationVisitorTypes).nullable(),
    /** The building's check-in form of that type (e-mail always asked: the invitation goes there); null before a type is chosen. */
    checkInForm: z.record(z.string(), checkInFieldSchema).nullable(),
    durationChoices: z.array(z.enum(visitDurationChoices)),
    defaultDuration: z.enum(visitDurationChoices),
    consentClauseActive: z.boolean(),
    consentClauseText: z.string(),
  })
  .meta({ id: 'RegistrationPage' });
export type RegistrationPage = z.infer<typeof registrationPageSchema>;

/** A visitor's registration: the building's form, when and how long. (Transforms: no meta id.) */
export const registrationRequestSchema = z.object({
  qrCodeKey: z.string().min(1).max(64),
  visitorType: registrationVisitorTypeSchema,
  checkInForm: checkInRequestSchema.shape.checkInForm,
  scheduledAt: z.iso.datetime({ offset: true }),
  scheduledDuration: z.enum(visitDurationChoices),
  consentAccepted: z.boolean().optional().default(false),
});
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;

/** The registration as recorded: the invitation goes to `email`. */
export const registrationResponseSchema = z
  .object({ email: z.string(), scheduledAt: z.string(), scheduledDuration: z.string() })
  .meta({ id: 'Registration' });
