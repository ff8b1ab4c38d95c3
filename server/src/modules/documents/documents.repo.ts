import { type ExpressionBuilder, type Insertable, type Updateable, sql } from 'kysely';
import type { WizardVisitorType } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type {
  BuildingDocumentVersions,
  BuildingDocuments,
  VisitDocumentSignatures,
} from '../../db/tables.generated.ts';

// Signed documents (docs/check-in.md, "Signed documents"): a building's documents, their
// versions (never edited; the current one is the highest) and the signatures visits hold.

/** The current (highest) version of each document. */
function currentVersion(eb: ExpressionBuilder<Database, 'building_documents' | 'building_document_versions'>) {
  return eb(
    'building_document_versions.version',
    '=',
    eb
      .selectFrom('building_document_versions as latest')
      .select((inner) => inner.fn.max('latest.version').as('version'))
      .whereRef('latest.document_id', '=', 'building_documents.id'),
  );
}

function selectDocuments(db: Db) {
  return db
    .selectFrom('building_documents')
    .innerJoin('building_document_versions', 'building_document_versions.document_id', 'building_documents.id')
    .leftJoin('users', 'users.id', 'building_document_versions.created_by')
    .where(currentVersion)
    .select((eb) => [
      'building_documents.id',
      'building_documents.tenant_id',
      'building_documents.building_id',
      'building_documents.kind',
      'building_documents.title',
      'building_documents.visitor_types',
      'building_documents.sign_method',
      'building_documents.active',
      'building_documents.sort_order',
      'building_documents.created_at',
      'building_documents.updated_at',
      'building_document_versions.id as version_id',
      'building_document_versions.version',
      'building_document_versions.body',
      'building_document_versions.created_at as version_created_at',
      'users.first_name as created_by_first_name',
      'users.last_name as created_by_last_name',
      'users.username as created_by_username',
      eb
        .exists(
          eb
            .selectFrom('visit_document_signatures')
            .select(sql`1`.as('one'))
            .whereRef('visit_document_signatures.document_id', '=', 'building_documents.id'),
        )
        .as('has_signatures'),
    ]);
}
export type DocumentRow = Awaited<ReturnType<ReturnType<typeof selectDocuments>['executeTakeFirstOrThrow']>>;

/** A building's documents in their order, each with its current version. */
export function listBuildingDocuments(db: Db, buildingId: string): Promise<DocumentRow[]> {
  return selectDocuments(db)
    .where('building_documents.building_id', '=', buildingId)
    .orderBy('building_documents.sort_order')
    .orderBy('building_documents.title')
    .orderBy('building_documents.id')
    .execute();
}

/** A document of the tenant, with its current version. */
export function findDocument(db: Db, tenantId: string, id: string): Promise<DocumentRow | undefined> {
  return selectDocuments(db)
    .where('building_documents.id', '=', id)
    .where('building_documents.tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function countBuildingDocuments(db: Db, buildingId: string): Promise<number> {
  const row = await db
    .selectFrom('building_documents')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('building_id', '=', buildingId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertDocument(db: Db, row: Insertable<BuildingDocuments>): Promise<void> {
  await db.insertInto('building_documents').values(row).execute();
}

export async function updateDocument(db: Db, id: string, values: Updateable<BuildingDocuments>): Promise<void> {
  await db
    .updateTable('building_documents')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteDocument(db: Db, id: string): Promise<void> {
  await db.deleteFrom('building_documents').where('id', '=', id).execute();
}

/** Whether any visit signed a version of the document. */
export async function documentHasSignatures(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('visit_document_signatures')
    .select('id')
    .where('document_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks the document's row, so two versions published at once are numbered one after the other. */
export async function lockDocument(db: Db, id: string): Promise<void> {
  await db.selectFrom('building_documents').select('id').where('id', '=', id).forUpdate().execute();
}

/** Adds a version numbered after the highest (call with the document locked: lockDocument). */
export async function insertNextVersion(
  db: Db,
  row: Omit<Insertable<BuildingDocumentVersions>, 'version'>,
): Promise<number> {
  const latest = await db
    .selectFrom('building_document_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('document_id', '=', row.document_id)
    .executeTakeFirst();
  const version = (latest?.version ?? 0) + 1;
  await db
    .insertInto('building_document_versions')
    .values({ ...row, version })
    .execute();
  return version;
}

/** A document's versions, newest first, with the signatures each holds. */
export function listVersions(db: Db, documentId: string) {
  return db
    .selectFrom('building_document_versions')
    .leftJoin('users', 'users.id', 'building_document_versions.created_by')
    .select((eb) => [
      'building_document_versions.id',
      'building_document_versions.document_id',
      'building_document_versions.version',
      'building_document_versions.created_at',
      'users.first_name as created_by_first_name',
      'users.last_name as created_by_last_name',
      'users.username as created_by_username',
      eb
        .selectFrom('visit_document_signatures')
        .select((inner) => inner.fn.countAll<string>().as('count'))
        .whereRef('visit_document_signatures.version_id', '=', 'building_document_versions.id')
        .as('signature_count'),
    ])
    .where('building_document_versions.document_id', '=', documentId)
    .orderBy('building_document_versions.version', 'desc')
    .execute();
}

/** One version of a document, with its text. */
export function findVersion(db: Db, documentId: string, version: number) {
  return db
    .selectFrom('building_document_versions')
    .leftJoin('users', 'users.id', 'building_document_versions.created_by')
    .select([
      'building_document_versions.id',
      'building_document_versions.document_id',
      'building_document_versions.version',
      'building_document_versions.body',
      'building_document_versions.created_at',
      'users.first_name as created_by_first_name',
      'users.last_name as created_by_last_name',
      'users.username as created_by_username',
    ])
    .where('building_document_versions.document_id', '=', documentId)
    .where('building_document_versions.version', '=', version)
    .executeTakeFirst();
}

/** The active documents a person type signs at a building, at their current version, in order. */
export function wizardDocuments(db: Db, buildingId: string, visitorType: WizardVisitorType) {
  return db
    .selectFrom('building_documents')
    .innerJoin('building_document_versions', 'building_document_versions.document_id', 'building_documents.id')
    .where(currentVersion)
    .where('building_documents.building_id', '=', buildingId)
    .where('building_documents.active', '=', true)
    .where(sql<boolean>`${visitorType} = any(building_documents.visitor_types)`)
    .select([
      'building_documents.id as document_id',
      'building_document_versions.id as version_id',
      'building_document_versions.version',
      'building_documents.kind',
      'building_documents.title',
      'building_document_versions.body',
      'building_documents.sign_method',
    ])
    .orderBy('building_documents.sort_order')
    .orderBy('building_documents.title')
    .orderBy('building_documents.id')
    .execute();
}
export type WizardDocumentRow = Awaited<ReturnType<typeof wizardDocuments>>[number];

/** Which of these versions are of documents of the building, with their document. */
export function versionsOfBuilding(db: Db, buildingId: string, versionIds: readonly string[]) {
  if (versionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('building_document_versions')
    .innerJoin('building_documents', 'building_documents.id', 'building_document_versions.document_id')
    .select(['building_document_versions.id as version_id', 'building_documents.id as document_id'])
    .where('building_documents.building_id', '=', buildingId)
    .where('building_document_versions.id', 'in', versionIds)
    .execute();
}

/** Of these versions, those the signer signed at the building since `since`. */
export async function versionsSignedSince(
  db: Db,
  buildingId: string,
  signerKey: string,
  versionIds: readonly string[],
  since: Date,
): Promise<string[]> {
  if (versionIds.length === 0 || signerKey === '') return [];
  const rows = await db
    .selectFrom('visit_document_signatures')
    .select('version_id')
    .distinct()
    .where('building_id', '=', buildingId)
    .where('signer_key', '=', signerKey)
    .where('version_id', 'in', versionIds)
    .where('signed_at', '>=', since)
    .execute();
  return rows.map((row) => row.version_id);
}

export async function insertSignatures(db: Db, rows: Insertable<VisitDocumentSignatures>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('visit_document_signatures').values(rows).execute();
}

function selectSignatures(db: Db) {
  return db
    .selectFrom('visit_document_signatures')
    .innerJoin('building_documents', 'building_documents.id', 'visit_document_signatures.document_id')
    .innerJoin('building_document_versions', 'building_document_versions.id', 'visit_document_signatures.version_id')
    .select((eb) => [
      'visit_document_signatures.id',
      'visit_document_signatures.visit_id',
      'visit_document_signatures.document_id',
      'visit_document_signatures.version_id',
      'building_documents.title',
      'building_documents.kind',
      'building_document_versions.version',
      'visit_document_signatures.signed_at',
      'visit_document_signatures.method',
      'visit_document_signatures.typed_name',
      eb('visit_document_signatures.image', 'is not', null).as('has_image'),
    ]);
}
export type SignatureRow = Awaited<ReturnType<ReturnType<typeof selectSignatures>['executeTakeFirstOrThrow']>>;

/** A visit's signatures, in the order signed. */
export function visitSignatures(db: Db, visitId: string): Promise<SignatureRow[]> {
  return selectSignatures(db)
    .where('visit_document_signatures.visit_id', '=', visitId)
    .orderBy('visit_document_signatures.signed_at')
    .orderBy('building_documents.sort_order')
    .execute();
}

/** One signature, with the text of the version signed. */
export function findSignature(db: Db, signatureId: string) {
  return selectSignatures(db)
    .select('building_document_versions.body')
    .where('visit_document_signatures.id', '=', signatureId)
    .executeTakeFirst();
}

/** A signature's visit and its drawn image (PNG bytes; null when typed). */
export function signatureImage(db: Db, signatureId: string) {
  return db
    .selectFrom('visit_document_signatures')
    .select(['visit_id', 'image'])
    .where('id', '=', signatureId)
    .executeTakeFirst();
}

/** The documents each visit signed, as "title vN", in the order signed (the visits CSV). */
export async function signedDocumentsOfVisits(db: Db, visitIds: readonly string[]): Promise<Map<string, string[]>> {
  const signed = new Map<string, string[]>();
  if (visitIds.length === 0) return signed;
  const rows = await db
    .selectFrom('visit_document_signatures')
    .innerJoin('building_documents', 'building_documents.id', 'visit_document_signatures.document_id')
    .innerJoin('building_document_versions', 'building_document_versions.id', 'visit_document_signatures.version_id')
    .select(['visit_document_signatures.visit_id', 'building_documents.title', 'building_document_versions.version'])
    .where('visit_document_signatures.visit_id', 'in', visitIds)
    .orderBy('visit_document_signatures.visit_id')
    .orderBy('visit_document_signatures.signed_at')
    .orderBy('building_documents.sort_order')
    .execute();
  for (const row of rows) {
    const list = signed.get(row.visit_id) ?? [];
    list.push(`${row.title} v${row.version}`);
    signed.set(row.visit_id, list);
  }
  return signed;
}
