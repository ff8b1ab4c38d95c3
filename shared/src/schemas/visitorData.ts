import { z } from 'zod';
import { answeredQuestionnaireSchema } from './visit.ts';

/**
 * Everything a visit stores about its visitor, as the visitor sees it from the visit's link once
 * the visit is over (docs/privacy.md, "The visitor acts for themselves"): the same in the page,
 * the JSON download and the readable copy.
 */
export const visitorDataSchema = z
  .object({
    company: z.string(),
    building: z.object({ name: z.string(), timeZoneId: z.string() }),
    visitorType: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    host: z.string().nullable(),
    scheduledAt: z.iso.datetime().nullable(),
    checkedInAt: z.iso.datetime().nullable(),
    checkedOutAt: z.iso.datetime().nullable(),
    cancelledAt: z.iso.datetime().nullable(),
    comments: z.string().nullable(),
    exitComments: z.string().nullable(),
    /** The wizard's form as filled: field name and value. */
    form: z.record(z.string(), z.union([z.string(), z.boolean()])),
    answers: z.array(answeredQuestionnaireSchema),
    exitAnswers: z.array(answeredQuestionnaireSchema),
    temperatures: z.object({ entry: z.array(z.number()), exit: z.array(z.number()) }),
    /** The photo taken at check-in, as a data: URL (JPEG), when one is kept. */
    photo: z.string().nullable(),
    signatures: z.array(
      z.object({
        document: z.string(),
        version: z.number().int(),
        signedAt: z.iso.datetime(),
        method: z.string(),
        typedName: z.string().nullable(),
        /** The drawn signature as a data: URL (PNG), when one is kept. */
        image: z.string().nullable(),
      }),
    ),
    /** The version of the company's privacy notice shown at check-in, when one was. */
    privacyNoticeVersion: z.number().int().nullable(),
    /** The e-mails sent about the visit: to whom, what, when. */
    emails: z.array(z.object({ to: z.string(), subject: z.string(), sentAt: z.iso.datetime().nullable() })),
  })
  .meta({ id: 'VisitorData' });
export type VisitorData = z.infer<typeof visitorDataSchema>;
