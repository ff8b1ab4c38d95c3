import { z } from 'zod';
import {
  DOCUMENT_BODY_MAX,
  DOCUMENT_TITLE_MAX,
  SIGNATURE_IMAGE_BASE64_MAX,
  SIGNATURE_TYPED_NAME_MAX,
  SIGNATURES_MAX,
  documentKinds,
  signMethods,
} from '../domain/documents.ts';
import { wizardVisitorTypes } from '../domain/visitorTypes.ts';
import type { ErrorCode } from '../errors.ts';

// Signed documents (docs/check-in.md, "Signed documents"): a building's documents and their
// versions (staff), what the wizard shows and sends, and a visit's signatures (staff).

function issue(ctx: z.RefinementCtx, path: string, errorCode: ErrorCode): void {
  ctx.addIssue({ code: 'custom', path: [path], message: errorCode, params: { errorCode } });
}

const title = z.string().trim().min(1).max(DOCUMENT_TITLE_MAX);
const body = z.string().trim().min(1).max(DOCUMENT_BODY_MAX);
const visitorTypesList = z
  .array(z.enum(wizardVisitorTypes))
  .min(1)
  .max(wizardVisitorTypes.length)
  .transform((list) => [...new Set(list)]);

/** One version of a document: its text is never edited, a new text is a new version. */
export const documentVersionSchema = z
  .object({
    id: z.uuid(),
    documentId: z.uuid(),
    version: z.number().int().min(1),
    body: z.string(),
    createdAt: z.string(),
    /** The user who published it, by name; null once that user is deleted. */
    createdByName: z.string().nullable(),
  })
  .meta({ id: 'DocumentVersion' });
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** A version in the history list: without its text, with the signatures it holds. */
export const documentVersionSummarySchema = documentVersionSchema
  .omit({ body: true })
  .extend({ signatureCount: z.number().int().min(0) })
  .meta({ id: 'DocumentVersionSummary' });
export type DocumentVersionSummary = z.infer<typeof documentVersionSummarySchema>;

/** A building's document with its current (highest) version. */
export const buildingDocumentSchema = z
  .object({
    id: z.uuid(),
    buildingId: z.uuid(),
    kind: z.enum(documentKinds),
    title: z.string(),
    /** The person types asked to sign it. */
    visitorTypes: z.array(z.enum(wizardVisitorTypes)),
    signMethod: z.enum(signMethods),
    /** Only an active document is asked; an inactive one keeps its versions and signatures. */
    active: z.boolean(),
    sortOrder: z.number().int(),
    currentVersion: documentVersionSchema,
    /** Whether any visit signed it: then deleting it deactivates it. */
    hasSignatures: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'BuildingDocument' });
export type BuildingDocument = z.infer<typeof buildingDocumentSchema>;

/** A document's settings, as staff change them (the text changes by a new version only). */
export const documentSettingsSchema = z
  .object({
    kind: z.enum(documentKinds),
    title,
    visitorTypes: visitorTypesList,
    signMethod: z.enum(signMethods),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(1000).default(0),
  })
  .meta({ id: 'DocumentSettings' });
export type DocumentSettingsInput = z.input<typeof documentSettingsSchema>;

/** A new document: its settings and the text of its first version. */
export const documentCreateSchema = documentSettingsSchema.extend({ body }).meta({ id: 'DocumentCreate' });
export type DocumentCreateInput = z.input<typeof documentCreateSchema>;
export type DocumentCreate = z.output<typeof documentCreateSchema>;

/** A new version's text: visitors who signed an earlier one sign again. */
export const documentPublishSchema = z.object({ body }).meta({ id: 'DocumentPublish' });

/** DELETE: removed when no visit signed it, else deactivated (its versions and signatures kept). */
export const documentDeletedSchema = z.object({ id: z.uuid(), outcome: z.enum(['deleted', 'deactivated']) });

/** A document as the wizard shows it: the current version of an active document for the person type. */
export const wizardDocumentSchema = z
  .object({
    documentId: z.uuid(),
    /** The version the visitor reads and signs: send it back as the signature's versionId. */
    versionId: z.uuid(),
    version: z.number().int().min(1),
    kind: z.enum(documentKinds),
    title: z.string(),
    /** Markdown, drawn with the wizard's Markdown renderer. */
    body: z.string(),
    signMethod: z.enum(signMethods),
  })
  .meta({ id: 'WizardDocument' });
export type WizardDocument = z.infer<typeof wizardDocumentSchema>;

/**
 * One signature in a check-in request. DRAW sends `image`, the drawn signature as a base64 PNG
 * (decoded at most SIGNATURE_IMAGE_MAX_BYTES); TYPE sends `typedName`. `signedAt` is the device's
 * time of signing. The server checks the version is one of the building's documents and the
 * image is a PNG by its content.
 */
export const documentSignatureInputSchema = z
  .object({
    documentId: z.uuid(),
    versionId: z.uuid(),
    signedAt: z.iso.datetime({ offset: true }),
    method: z.enum(signMethods),
    typedName: z.string().trim().min(1).max(SIGNATURE_TYPED_NAME_MAX).nullable().optional().default(null),
    image: z
      .string()
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64')
      .nullable()
      .optional()
      .default(null),
  })
  .superRefine((signature, ctx) => {
    if (signature.method === 'TYPE' && signature.typedName === null) issue(ctx, 'typedName', 'MISSING');
    if (signature.method === 'DRAW' && signature.image === null) issue(ctx, 'image', 'MISSING');
    if (signature.image !== null && signature.image.length > SIGNATURE_IMAGE_BASE64_MAX)
      issue(ctx, 'image', 'DOCUMENT_SIGNATURE_TOO_BIG');
  })
  .meta({ id: 'DocumentSignatureInput' });
export type DocumentSignatureInput = z.input<typeof documentSignatureInputSchema>;
export type DocumentSignature = z.output<typeof documentSignatureInputSchema>;

export const documentSignaturesSchema = z.array(documentSignatureInputSchema).max(SIGNATURES_MAX).default([]);

/** The "already signed" lookup: who is checking in, as the wizard knows them so far. */
export const signedDocumentsQuerySchema = z
  .object({
    visitorType: z.enum(wizardVisitorTypes),
    email: z.string().trim().max(255).nullable().optional().default(null),
    firstName: z.string().trim().max(255).nullable().optional().default(null),
    lastName: z.string().trim().max(255).nullable().optional().default(null),
  })
  .meta({ id: 'SignedDocumentsQuery' });
/** The current versions this person signed at the building within its resign period: not asked again. */
export const signedDocumentsSchema = z.object({ versionIds: z.array(z.uuid()) }).meta({ id: 'SignedDocuments' });

/** A signature as staff read it on a visit. */
export const visitSignatureSchema = z
  .object({
    id: z.uuid(),
    documentId: z.uuid(),
    versionId: z.uuid(),
    title: z.string(),
    kind: z.enum(documentKinds),
    version: z.number().int(),
    signedAt: z.string(),
    method: z.enum(signMethods),
    typedName: z.string().nullable(),
    /** A drawn signature: served by GET /meetingSignature/:id/image. */
    hasImage: z.boolean(),
  })
  .meta({ id: 'VisitSignature' });
export type VisitSignature = z.infer<typeof visitSignatureSchema>;

/** The signed document as printed: the version's text, the signature and who signed. */
export const signedDocumentSchema = visitSignatureSchema
  .extend({
    body: z.string(),
    visitId: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    companyName: z.string().nullable(),
    buildingName: z.string(),
    timeZoneId: z.string(),
  })
  .meta({ id: 'SignedDocument' });
export type SignedDocument = z.infer<typeof signedDocumentSchema>;
