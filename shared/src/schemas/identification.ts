import { z } from 'zod';
import { visitorTypes, wizardVisitorTypes } from '../domain/visitorTypes.ts';
import { pinIdentificationMethods } from './building.ts';
import { PERSON_LIMITS, isoDaySchema } from './person.ts';
import { visitSummarySchema } from './visit.ts';

// Identification at the door: what a scanned pass and a PIN identification answer the
// check-in wizard, and the directory an enrolled kiosk caches to recognise passes offline.

/** A person of the directory as the wizard starts from them: never their PIN, pass or external id. */
export const identifiedPersonSchema = z
  .object({
    personId: z.uuid(),
    visitorType: z.enum(visitorTypes),
    /** The wizard's person type (a resident checks in with the visitors' form and questionnaires). */
    wizardVisitorType: z.enum(wizardVisitorTypes),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    /** The check-in form's values from the record, by the form's keys (the wizard shows the enabled ones). */
    checkInForm: z.record(z.string(), z.string()),
    /** The person's default visit duration (ISO 8601), else null: the building's default applies. */
    scheduledDuration: z.string().nullable(),
    /**
     * Until when this person's latest entry answers hold (an employee, within the building's
     * questionnaires validity timeout): until then the wizard may post no answers and the server
     * reuses them (422 CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID once past). Null: answer them.
     */
    answersValidUntil: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'IdentifiedPerson' });
export type IdentifiedPerson = z.infer<typeof identifiedPersonSchema>;

/** GET /checkin/{key}/{identifier} when the identifier is a person's pass of this building. */
export const cachedPassSchema = z
  .object({
    kind: z.literal('person'),
    person: identifiedPersonSchema,
    /** The person's open visit at this building (already in: they may check out), else null. */
    openVisit: visitSummarySchema.nullable(),
  })
  .meta({ id: 'CachedPass' });
export type CachedPass = z.infer<typeof cachedPassSchema>;

/** What the PIN identification page shows before anything is typed. */
export const pinIdentificationPageSchema = z
  .object({
    qrCodeKey: z.string(),
    building: z.object({ id: z.uuid(), name: z.string(), logoVersion: z.number().int(), defaultLocale: z.string() }),
    /**
     * What the person types besides the building PIN: PERSONAL_PIN_AND_LASTNAME their PIN and
     * last name; PERSONAL_PIN_AND_AUTOCOMPLETE their PIN and one of e-mail, external id or last
     * name; PIN_BUILDING_ONLY nothing (no person is identified).
     */
    method: z.enum(pinIdentificationMethods),
  })
  .meta({ id: 'PinIdentificationPage' });

const credential = (max: number) => z.string().trim().min(1).max(max).optional();

/**
 * POST /pinIdentification/{key}: the building PIN and, by the building's method, the person's
 * credentials. An enrolled kiosk of the building sends its credential instead of the building PIN.
 */
export const pinIdentificationRequestSchema = z
  .object({
    buildingPin: z.string().min(1).max(8).optional(),
    personalPin: z
      .string()
      .regex(new RegExp(`^\\d{1,${PERSON_LIMITS.pinMax}}$`))
      .optional(),
    lastName: credential(PERSON_LIMITS.name),
    email: credential(PERSON_LIMITS.email),
    externalId: credential(PERSON_LIMITS.externalId),
  })
  .meta({ id: 'PinIdentificationRequest' });
export type PinIdentificationRequest = z.input<typeof pinIdentificationRequestSchema>;

export const pinIdentificationResultSchema = z
  .object({
    method: z.enum(pinIdentificationMethods),
    /** The person identified (null with PIN_BUILDING_ONLY: the wizard runs without a person). */
    person: identifiedPersonSchema.nullable(),
    /** Proves `person.personId` to POST /checkin (`personTicket`) until `ticketExpiresAt`, by the entry's time. */
    ticket: z.string().nullable(),
    ticketExpiresAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'PinIdentificationResult' });
export type PinIdentificationResult = z.infer<typeof pinIdentificationResultSchema>;

/**
 * One active person of the building in a kiosk's cached configuration: only what recognising a
 * pass at the door needs (the pass, a first name and initial to greet, the type, the validity).
 */
export const kioskPersonSchema = z.object({
  personId: z.uuid(),
  passIdentifier: z.string(),
  firstName: z.string(),
  lastInitial: z.string(),
  visitorType: z.enum(visitorTypes),
  validFrom: isoDaySchema.nullable(),
  validTo: isoDaySchema.nullable(),
  /**
   * An employee's last name and department, only where the building lets employees find their
   * name in the directory on a kiosk (`employeeCheckIn` DIRECTORY or TYPED_NAME): the search.
   */
  lastName: z.string().optional(),
  department: z.string().nullable().optional(),
});
export type KioskPerson = z.infer<typeof kioskPersonSchema>;
