// Signatures at the door (docs/check-in.md, "Signed documents"): which documents the wizard
// shows, which signatures a check-in may record, whether an online check-in lacks one, and the
// "already signed" lookup.
import {
  type DocumentSignature,
  SIGNATURE_IMAGE_MAX_BYTES,
  type SignMethod,
  type WizardDocument,
  type WizardVisitorType,
  looksLikePng,
} from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { toWizardDocument } from './documents.dto.ts';
import { versionsOfBuilding, versionsSignedSince, wizardDocuments } from './documents.repo.ts';

/** The documents a person type signs at a building: active ones at their current version, in order. */
export async function documentsToSign(db: Db, buildingId: string, visitorType: WizardVisitorType) {
  return (await wizardDocuments(db, buildingId, visitorType)).map(toWizardDocument);
}

/** A signature as it is written with its visit. */
export interface AcceptedSignature {
  documentId: string;
  versionId: string;
  signedAt: Date;
  method: SignMethod;
  typedName: string | null;
  image: Buffer | null;
}

/**
 * The signatures a check-in records, checked against the building: the version must be of one
 * of its documents (the document the signature names), a drawn signature a PNG by its content
 * and at most SIGNATURE_IMAGE_MAX_BYTES. `strict` (a visitor online) refuses the check-in with
 * the signature's code; otherwise (a kiosk's queued entry, which is never lost) the signature is
 * dropped and the entry goes on. One signature per version: the first.
 */
export async function acceptedSignatures(
  db: Db,
  buildingId: string,
  signatures: readonly DocumentSignature[],
  strict: boolean,
): Promise<AcceptedSignature[]> {
  if (signatures.length === 0) return [];
  const known = await versionsOfBuilding(
    db,
    buildingId,
    signatures.map((s) => s.versionId),
  );
  const documentOf = new Map(known.map((row) => [row.version_id, row.document_id]));
  const accepted: AcceptedSignature[] = [];
  for (const [index, signature] of signatures.entries()) {
    const refuse = (code: 'DOCUMENT_VERSION_UNKNOWN' | 'DOCUMENT_SIGNATURE_NOT_PNG' | 'DOCUMENT_SIGNATURE_TOO_BIG') => {
      if (strict) throw new AppError(code, { field: `signatures.${index}` });
    };
    if (documentOf.get(signature.versionId) !== signature.documentId) {
      refuse('DOCUMENT_VERSION_UNKNOWN');
      continue;
    }
    const image = signature.method === 'DRAW' && signature.image ? Buffer.from(signature.image, 'base64') : null;
    if (image && image.length > SIGNATURE_IMAGE_MAX_BYTES) {
      refuse('DOCUMENT_SIGNATURE_TOO_BIG');
      continue;
    }
    if (signature.method === 'DRAW' && !(image && looksLikePng(image))) {
      refuse('DOCUMENT_SIGNATURE_NOT_PNG');
      continue;
    }
    if (accepted.some((a) => a.versionId === signature.versionId)) continue;
    accepted.push({
      documentId: signature.documentId,
      versionId: signature.versionId,
      signedAt: new Date(signature.signedAt),
      method: signature.method,
      typedName: signature.method === 'TYPE' ? signature.typedName : null,
      image,
    });
  }
  return accepted;
}

/**
 * Of the documents a person must sign, the current versions they signed at the building within
 * `resignDays` before `at` (0: none, they sign at every visit).
 */
export async function versionsSignedLately(
  db: Db,
  buildingId: string,
  signerKey: string,
  versionIds: readonly string[],
  resignDays: number,
  at: Date,
): Promise<string[]> {
  if (resignDays <= 0) return [];
  const since = new Date(at.getTime() - resignDays * 86_400_000);
  return versionsSignedSince(db, buildingId, signerKey, versionIds, since);
}

/**
 * A visitor's online check-in: each document they must sign needs a signature of its current
 * version in the check-in, or one of theirs at the building within the resign period; else 400
 * DOCUMENT_SIGNATURE_REQUIRED naming the first document missing. Nothing is written before.
 */
export async function requireSignatures(
  db: Db,
  entry: { buildingId: string; signerKey: string; resignDays: number; at: Date },
  documents: readonly WizardDocument[],
  accepted: readonly AcceptedSignature[],
): Promise<void> {
  const missing = documents.filter((document) => !accepted.some((s) => s.versionId === document.versionId));
  if (missing.length === 0) return;
  const lately = await versionsSignedLately(
    db,
    entry.buildingId,
    entry.signerKey,
    missing.map((document) => document.versionId),
    entry.resignDays,
    entry.at,
  );
  const unsigned = missing.find((document) => !lately.includes(document.versionId));
  if (unsigned) throw new AppError('DOCUMENT_SIGNATURE_REQUIRED', { field: unsigned.documentId });
}
