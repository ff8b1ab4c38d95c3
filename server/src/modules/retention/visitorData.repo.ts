import type { Db } from '../../db/database.ts';

// What a visit stores about its visitor (docs/privacy.md, "The visitor acts for themselves"): the
// visit's own columns, its photo, its signatures (with the document and version signed) and the
// e-mails sent about it, read by the visit's public identifier (the visitor) or by its id within a
// company (a data-protection officer's export, docs/privacy.md, "Requests about a person").

export type VisitorDataKey = { publicIdentifier: string } | { id: string; tenantId: string };

export async function findVisitorData(db: Db, key: VisitorDataKey) {
  const query = db
    .selectFrom('visits')
    .innerJoin('buildings', 'buildings.id', 'visits.building_id')
    .innerJoin('tenants', 'tenants.id', 'visits.tenant_id')
    .select([
      'visits.id',
      'visits.tenant_id',
      'visits.anonymised_at',
      'visits.allowed',
      'visits.visitor_type',
      'visits.first_name',
      'visits.last_name',
      'visits.email',
      'visits.phone',
      'visits.company_name',
      'visits.host',
      'visits.scheduled_at',
      'visits.checked_in_at',
      'visits.checked_out_at',
      'visits.cancelled_at',
      'visits.comments',
      'visits.exit_comments',
      'visits.check_in_form',
      'visits.questionnaires_answers',
      'visits.exit_questionnaires_answers',
      'visits.temp_measure1',
      'visits.temp_measure2',
      'visits.exit_temp_measure1',
      'visits.exit_temp_measure2',
      'visits.privacy_notice_version',
      'buildings.name as building_name',
      'buildings.settings',
      'tenants.name as company_name_of_tenant',
    ]);
  const visit = await (
    'publicIdentifier' in key
      ? query.where('visits.public_identifier', '=', key.publicIdentifier)
      : query.where('visits.id', '=', key.id).where('visits.tenant_id', '=', key.tenantId)
  ).executeTakeFirst();
  if (!visit) return undefined;
  const [photo, signatures, emails] = await Promise.all([
    db.selectFrom('visit_photos').select('content').where('visit_id', '=', visit.id).executeTakeFirst(),
    db
      .selectFrom('visit_document_signatures as signature')
      .innerJoin('building_document_versions as version', 'version.id', 'signature.version_id')
      .innerJoin('building_documents as document', 'document.id', 'signature.document_id')
      .select([
        'document.title',
        'version.version',
        'signature.signed_at',
        'signature.method',
        'signature.typed_name',
        'signature.image',
      ])
      .where('signature.visit_id', '=', visit.id)
      .orderBy('signature.signed_at')
      .execute(),
    db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'sent_at'])
      .where('entity', '=', 'visit')
      .where('entity_id', '=', visit.id)
      .orderBy('created_at')
      .execute(),
  ]);
  return { visit, photo: photo?.content ?? null, signatures, emails };
}
export type VisitorDataRows = NonNullable<Awaited<ReturnType<typeof findVisitorData>>>;
