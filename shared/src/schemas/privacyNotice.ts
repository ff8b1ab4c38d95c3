import { z } from 'zod';

/**
 * A company's privacy notice (docs/privacy.md, "The privacy notice"): markdown, rendered as the
 * question texts are; each publication is a new version, and a visit records the version shown.
 */
export const PRIVACY_NOTICE_MAX = 20_000;

export const privacyNoticeSchema = z
  .object({ version: z.number().int().min(1), body: z.string(), createdAt: z.iso.datetime() })
  .meta({ id: 'PrivacyNotice' });
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** The notice as the visitor's pages and the kiosk show it. */
export const shownPrivacyNoticeSchema = z.object({ version: z.number().int().min(1), body: z.string() });
export type ShownPrivacyNotice = z.infer<typeof shownPrivacyNoticeSchema>;

export const publicPrivacyNoticeSchema = shownPrivacyNoticeSchema
  .extend({ company: z.string() })
  .meta({ id: 'PublicPrivacyNotice' });

export const privacyNoticesSchema = z
  .object({
    /** The version in force, or null before the first publication. */
    current: privacyNoticeSchema.nullable(),
    /** Every version, newest first, with who published it. */
    versions: z.array(
      z.object({ version: z.number().int().min(1), createdAt: z.iso.datetime(), createdBy: z.string().nullable() }),
    ),
  })
  .meta({ id: 'PrivacyNotices' });
export type PrivacyNotices = z.infer<typeof privacyNoticesSchema>;

export const privacyNoticePublishSchema = z
  .object({ body: z.string().trim().min(1).max(PRIVACY_NOTICE_MAX) })
  .meta({ id: 'PrivacyNoticePublish' });
