import type { Db } from '../../db/database.ts';

// visit_photos: the person's photo of a visit, a row of its own (migration
// 202611281100_visit_photos), erased with the visit by its foreign key.

/** Keeps a visit's photo; a check-in into the same visit again replaces it. */
export async function saveVisitPhoto(db: Db, photo: { visitId: string; tenantId: string; content: Buffer }) {
  const values = {
    visit_id: photo.visitId,
    tenant_id: photo.tenantId,
    content: photo.content,
    byte_size: photo.content.length,
  };
  await db
    .insertInto('visit_photos')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('visit_id')
        .doUpdateSet({ content: values.content, byte_size: values.byte_size, created_at: new Date() }),
    )
    .execute();
}

/** A visit's photo bytes, read only to serve them (GET /meeting/{id}/photo, the host's notice). */
export async function findVisitPhoto(db: Db, visitId: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('visit_photos').select('content').where('visit_id', '=', visitId).executeTakeFirst();
  return row?.content;
}
