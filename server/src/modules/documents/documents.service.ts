// A building's signed documents as staff keep them (docs/check-in.md, "Signed documents"): the
// list, a new document with its first version, its settings, new versions (never an edit of
// one), the history, and deletion (a signed document is deactivated instead: its signatures
// name it).
import {
  type BuildingDocument,
  DOCUMENTS_PER_BUILDING_MAX,
  type DocumentVersion,
  type DocumentVersionSummary,
  type documentCreateSchema,
  type documentSettingsSchema,
  uuidv7,
} from '@vestibule/shared';
import type { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit, changedFields } from '../audit/audit.service.ts';
import { findBuilding } from '../buildings/buildings.repo.ts';
import { toBuildingDocument, toVersion, toVersionSummary } from './documents.dto.ts';
import {
  countBuildingDocuments,
  deleteDocument,
  documentHasSignatures,
  findDocument,
  findVersion,
  insertDocument,
  insertNextVersion,
  listBuildingDocuments,
  listVersions,
  lockDocument,
  updateDocument,
} from './documents.repo.ts';

type Settings = z.output<typeof documentSettingsSchema>;
type NewDocument = z.output<typeof documentCreateSchema>;

/** The settings the audit log compares (the text is audited by its version number). */
function auditedSettings(document: BuildingDocument) {
  const { kind, title, visitorTypes, signMethod, active, sortOrder } = document;
  return { kind, title, visitorTypes, signMethod, active, sortOrder, version: document.currentVersion.version };
}

async function documentOf(db: Db, tenantId: string, id: string): Promise<BuildingDocument> {
  const row = await findDocument(db, tenantId, id);
  if (!row) throw notFound();
  return toBuildingDocument(row);
}

export async function listDocuments(ctx: ServerContext, tenantId: string, buildingId: string) {
  if (!(await findBuilding(ctx.db, tenantId, buildingId))) throw notFound();
  return (await listBuildingDocuments(ctx.db, buildingId)).map(toBuildingDocument);
}

export async function createDocument(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; buildingId: string },
  input: NewDocument,
): Promise<BuildingDocument> {
  const { tenantId, buildingId } = target;
  if (!(await findBuilding(ctx.db, tenantId, buildingId))) throw notFound();
  const id = uuidv7();
  return ctx.db.transaction().execute(async (trx) => {
    if ((await countBuildingDocuments(trx, buildingId)) >= DOCUMENTS_PER_BUILDING_MAX)
      throw new AppError('DOCUMENT_LIMIT_REACHED');
    await insertDocument(trx, {
      id,
      tenant_id: tenantId,
      building_id: buildingId,
      kind: input.kind,
      title: input.title,
      visitor_types: input.visitorTypes,
      sign_method: input.signMethod,
      active: input.active,
      sort_order: input.sortOrder,
    });
    await insertNextVersion(trx, { id: uuidv7(), document_id: id, body: input.body, created_by: actor.userId });
    const created = await documentOf(trx, tenantId, id);
    await audit(trx, actor, {
      tenantId,
      action: 'BUILDING_DOCUMENT_CREATED',
      entity: 'building',
      entityId: buildingId,
      after: { documentId: id, ...auditedSettings(created) },
    });
    return created;
  });
}

export async function updateDocumentSettings(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  input: Settings,
): Promise<BuildingDocument> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await documentOf(trx, tenantId, id);
    await updateDocument(trx, id, {
      kind: input.kind,
      title: input.title,
      visitor_types: input.visitorTypes,
      sign_method: input.signMethod,
      active: input.active,
      sort_order: input.sortOrder,
    });
    const after = await documentOf(trx, tenantId, id);
    const changes = changedFields(auditedSettings(before), auditedSettings(after));
    await audit(trx, actor, {
      tenantId,
      action: 'BUILDING_DOCUMENT_UPDATED',
      entity: 'building',
      entityId: before.buildingId,
      before: { documentId: id, ...changes.before },
      after: { documentId: id, ...changes.after },
    });
    return after;
  });
}

/** A new text: version + 1, the current one from now on; visitors who signed an earlier one sign again. */
export async function publishVersion(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  body: string,
): Promise<BuildingDocument> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await documentOf(trx, tenantId, id);
    await lockDocument(trx, id);
    const version = await insertNextVersion(trx, { id: uuidv7(), document_id: id, body, created_by: actor.userId });
    await audit(trx, actor, {
      tenantId,
      action: 'BUILDING_DOCUMENT_VERSION_PUBLISHED',
      entity: 'building',
      entityId: before.buildingId,
      before: { documentId: id, version: before.currentVersion.version },
      after: { documentId: id, version },
    });
    return documentOf(trx, tenantId, id);
  });
}

/** Deleted when no visit signed it; else deactivated, its versions and signatures kept. */
export async function removeDocument(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
): Promise<{ id: string; outcome: 'deleted' | 'deactivated' }> {
  return ctx.db.transaction().execute(async (trx) => {
    const document = await documentOf(trx, tenantId, id);
    const signed = await documentHasSignatures(trx, id);
    if (signed) await updateDocument(trx, id, { active: false });
    else await deleteDocument(trx, id);
    const outcome = signed ? ('deactivated' as const) : ('deleted' as const);
    await audit(trx, actor, {
      tenantId,
      action: 'BUILDING_DOCUMENT_DELETED',
      entity: 'building',
      entityId: document.buildingId,
      before: { documentId: id, ...auditedSettings(document) },
      after: { documentId: id, outcome },
    });
    return { id, outcome };
  });
}

export async function documentVersions(
  ctx: ServerContext,
  tenantId: string,
  id: string,
): Promise<DocumentVersionSummary[]> {
  await documentOf(ctx.db, tenantId, id);
  return (await listVersions(ctx.db, id)).map(toVersionSummary);
}

export async function documentVersion(
  ctx: ServerContext,
  tenantId: string,
  id: string,
  version: number,
): Promise<DocumentVersion> {
  await documentOf(ctx.db, tenantId, id);
  const row = await findVersion(ctx.db, id, version);
  if (!row) throw notFound();
  return toVersion(row);
}
