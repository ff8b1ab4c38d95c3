import { type Kysely, sql } from 'kysely';

// Attachments of the mail outbox: the invitation's QR code shown in the message
// (inline, by its content id), its .ics calendar file, and the building's logo. A row holds its
// bytes, or names the building whose logo it is: the logo (up to 2 MB) is read when the message
// is sent instead of being copied into every reminder of every visit. Rows go with their message.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_attachments')
    .addColumn('mail_id', 'uuid', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    // Set for an inline part: the HTML body shows it as <img src="cid:{content_id}">.
    .addColumn('content_id', 'text')
    .addColumn('content', 'bytea')
    .addColumn('building_logo_of', 'uuid', (c) => c.references('buildings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('mail_attachments_pk', ['mail_id', 'position'])
    .addCheckConstraint('mail_attachments_source_check', sql`(content is not null) <> (building_logo_of is not null)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_attachments').execute();
}
