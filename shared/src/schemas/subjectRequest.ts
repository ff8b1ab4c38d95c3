import { z } from 'zod';
import { visitStates } from '../domain/visitState.ts';
import { visitorDataSchema } from './visitorData.ts';

// A data-protection officer's requests about one person (docs/privacy.md, "Requests about a
// person"): find what the company holds about them by e-mail, phone or name, then export it all
// or erase it. The officer chooses the records (a name can match namesakes); the export and the
// erasure act on exactly those.

/** How many records of each kind a search lists at most; a person with more is told "narrow". */
export const SUBJECT_SEARCH_LIMIT = 500;

export const subjectSearchQuerySchema = z.object({
  /** An e-mail address, a phone number (6 digits or more), or words of a name (3 letters or more). */
  q: z.string().trim().min(3).max(200),
});

export const subjectMatchKinds = ['email', 'phone', 'name'] as const;

export const subjectVisitSchema = z.object({
  id: z.uuid(),
  buildingName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  companyName: z.string().nullable(),
  state: z.enum(visitStates),
  /** When the visit began, or was expected. */
  at: z.iso.datetime(),
});

export const subjectPersonSchema = z.object({
  id: z.uuid(),
  buildingName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  companyName: z.string().nullable(),
  deactivated: z.boolean(),
});

/** A guest named on a space booking (its attendee list). */
export const subjectGuestSchema = z.object({
  seriesId: z.uuid(),
  position: z.number().int(),
  booking: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const subjectSearchResultSchema = z.object({
  matchedBy: z.enum(subjectMatchKinds),
  visits: z.array(subjectVisitSchema),
  people: z.array(subjectPersonSchema),
  guests: z.array(subjectGuestSchema),
  /** More matched than SUBJECT_SEARCH_LIMIT of a kind: the lists are the first ones. */
  truncated: z.boolean(),
});

/** The records an export or an erasure acts on, as chosen from a search. */
export const subjectSelectionSchema = z
  .object({
    visitIds: z.array(z.uuid()).max(SUBJECT_SEARCH_LIMIT),
    personIds: z.array(z.uuid()).max(SUBJECT_SEARCH_LIMIT),
    guests: z
      .array(z.object({ seriesId: z.uuid(), position: z.number().int().min(0).max(10_000) }))
      .max(SUBJECT_SEARCH_LIMIT),
  })
  .refine((selection) => selection.visitIds.length + selection.personIds.length + selection.guests.length > 0, {
    message: 'Choose at least one record',
  });

/** What an erasure did, kind by kind. */
export const subjectErasedSchema = z.object({
  visits: z.number().int(),
  people: z.number().int(),
  guests: z.number().int(),
});

/** The export's JSON: every record chosen, in full (a visit as its visitor would see it). */
export const subjectExportSchema = z.object({
  company: z.string(),
  exportedAt: z.iso.datetime(),
  visits: z.array(visitorDataSchema.extend({ id: z.uuid(), state: z.enum(visitStates) })),
  people: z.array(
    subjectPersonSchema.extend({
      department: z.string().nullable(),
      jobTitle: z.string().nullable(),
      externalId: z.string().nullable(),
      visitorType: z.string(),
      locale: z.string(),
      validFrom: z.string().nullable(),
      validTo: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  guests: z.array(subjectGuestSchema.extend({ role: z.string().nullable(), buildingName: z.string().nullable() })),
});

export type SubjectSearchResult = z.infer<typeof subjectSearchResultSchema>;
export type SubjectSelection = z.infer<typeof subjectSelectionSchema>;
export type SubjectErased = z.infer<typeof subjectErasedSchema>;
export type SubjectExport = z.infer<typeof subjectExportSchema>;
