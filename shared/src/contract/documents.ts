import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import { idParamsSchema } from '../schemas/common.ts';
import {
  buildingDocumentSchema,
  documentCreateSchema,
  documentDeletedSchema,
  documentPublishSchema,
  documentSettingsSchema,
  documentVersionSchema,
  documentVersionSummarySchema,
  signedDocumentSchema,
  signedDocumentsQuerySchema,
  signedDocumentsSchema,
} from '../schemas/document.ts';
import { endpoint } from './endpoint.ts';

// Signed documents (docs/check-in.md, "Signed documents"). Staff who configure a building
// (its managers: the roles and assigned buildings of the building's other settings) keep its
// documents and publish their versions; the wizard asks which documents a person signed lately;
// staff who see a visit read its signatures and the signed documents.

const tags = ['documents'];
const documentParams = idParamsSchema;

/** The wizard's channel, as for the building of a check-in link (GET /checkin/:qrCodeKey). */
const channelErrors = [
  'NOT_FOUND',
  'KIOSK_ENROLMENT_REQUIRED',
  'KIOSK_DEVICE_NOT_ALLOWED',
  'KIOSK_DEVICE_REVOKED',
  'CHECKIN_LINK_EXPIRED',
] as const satisfies readonly ErrorCode[];

const signedDocuments = endpoint({
  access: 'public',
  tags,
  summary:
    "The current versions of the building's documents this person signed within the building's resign period (not asked again): by e-mail, else first and last name; nothing about anyone else",
  params: z.object({ qrCodeKey: z.string().min(1).max(64) }),
  query: z.object({ mt: z.string().max(64).optional(), proof: z.string().max(128).optional() }),
  body: signedDocumentsQuerySchema,
  response: signedDocumentsSchema,
  errors: channelErrors,
});

export const documentsContract = {
  'GET /building/:id/document': endpoint({
    tags,
    summary: "A building's documents in their order, each with its current version",
    params: idParamsSchema,
    response: z.array(buildingDocumentSchema),
    errors: ['NOT_FOUND'],
  }),
  'POST /building/:id/document': endpoint({
    tags,
    summary: 'Add a document with the text of its first version (201)',
    params: idParamsSchema,
    body: documentCreateSchema,
    response: buildingDocumentSchema,
    alsoAnswers: [201],
    errors: ['NOT_FOUND', 'DOCUMENT_LIMIT_REACHED'],
  }),
  'PATCH /buildingDocument/:id': endpoint({
    tags,
    summary: "A document's settings: kind, title, person types, sign method, active, order (its text: a new version)",
    params: documentParams,
    body: documentSettingsSchema,
    response: buildingDocumentSchema,
    errors: ['NOT_FOUND'],
  }),
  'DELETE /buildingDocument/:id': endpoint({
    tags,
    summary: 'Delete a document no visit signed; a signed one is deactivated (its versions and signatures kept)',
    params: documentParams,
    response: documentDeletedSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /buildingDocument/:id/version': endpoint({
    tags,
    summary:
      'Publish a new text (201): version + 1 becomes the current one; earlier versions are kept, and visitors sign again',
    params: documentParams,
    body: documentPublishSchema,
    response: buildingDocumentSchema,
    alsoAnswers: [201],
    errors: ['NOT_FOUND'],
  }),
  'GET /buildingDocument/:id/version': endpoint({
    tags,
    summary: "A document's versions, newest first, without their texts",
    params: documentParams,
    response: z.array(documentVersionSummarySchema),
    errors: ['NOT_FOUND'],
  }),
  'GET /buildingDocument/:id/version/:version': endpoint({
    tags,
    summary: 'One version of a document, with its text',
    params: z.object({ id: z.uuid(), version: z.coerce.number().int().min(1).max(1_000_000) }),
    response: documentVersionSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /checkin/:qrCodeKey/signedDocuments': signedDocuments,
  'POST /checkinKiosk/:qrCodeKey/signedDocuments': signedDocuments,
  'GET /meetingSignature/:id': endpoint({
    tags,
    summary:
      "A visit's signed document (by the signature's id, listed in GET /meeting/:id): the version's text as signed, the signature and who signed",
    params: idParamsSchema,
    response: signedDocumentSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /meetingSignature/:id/image': endpoint({
    tags,
    summary: "A visit's drawn signature (image/png)",
    params: idParamsSchema,
    errors: ['NOT_FOUND'],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
