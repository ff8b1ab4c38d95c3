// Signed documents as the API shows them (shared/src/schemas/document.ts).
import type {
  BuildingDocument,
  DocumentKind,
  DocumentVersion,
  DocumentVersionSummary,
  SignMethod,
  VisitSignature,
  WizardDocument,
  WizardVisitorType,
} from '@vestibule/shared';
import type { DocumentRow, SignatureRow, WizardDocumentRow } from './documents.repo.ts';

const iso = (value: Date | string): string => new Date(value).toISOString();

// The columns' checks hold these values (migration 202611281000_building_documents).
const kindOf = (value: string) => value as DocumentKind;
const methodOf = (value: string) => value as SignMethod;

function userName(row: {
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  created_by_username: string | null;
}): string | null {
  const name = [row.created_by_first_name, row.created_by_last_name].filter(Boolean).join(' ');
  return name || row.created_by_username;
}

export function toBuildingDocument(row: DocumentRow): BuildingDocument {
  return {
    id: row.id,
    buildingId: row.building_id,
    kind: kindOf(row.kind),
    title: row.title,
    visitorTypes: row.visitor_types as WizardVisitorType[],
    signMethod: methodOf(row.sign_method),
    active: row.active,
    sortOrder: row.sort_order,
    currentVersion: {
      id: row.version_id,
      documentId: row.id,
      version: row.version,
      body: row.body,
      createdAt: iso(row.version_created_at),
      createdByName: userName(row),
    },
    hasSignatures: Boolean(row.has_signatures),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

type VersionRow = {
  id: string;
  document_id: string;
  version: number;
  created_at: Date | string;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  created_by_username: string | null;
};

export function toVersionSummary(
  row: VersionRow & { signature_count: string | number | null },
): DocumentVersionSummary {
  return {
    id: row.id,
    documentId: row.document_id,
    version: row.version,
    createdAt: iso(row.created_at),
    createdByName: userName(row),
    signatureCount: Number(row.signature_count ?? 0),
  };
}

export function toVersion(row: VersionRow & { body: string }): DocumentVersion {
  return {
    id: row.id,
    documentId: row.document_id,
    version: row.version,
    body: row.body,
    createdAt: iso(row.created_at),
    createdByName: userName(row),
  };
}

export function toWizardDocument(row: WizardDocumentRow): WizardDocument {
  return {
    documentId: row.document_id,
    versionId: row.version_id,
    version: row.version,
    kind: kindOf(row.kind),
    title: row.title,
    body: row.body,
    signMethod: methodOf(row.sign_method),
  };
}

export function toVisitSignature(row: SignatureRow): VisitSignature {
  return {
    id: row.id,
    documentId: row.document_id,
    versionId: row.version_id,
    title: row.title,
    kind: kindOf(row.kind),
    version: row.version,
    signedAt: iso(row.signed_at),
    method: methodOf(row.method),
    typedName: row.typed_name,
    hasImage: Boolean(row.has_image),
  };
}
