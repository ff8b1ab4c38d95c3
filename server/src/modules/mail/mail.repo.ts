import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/likePattern.ts';
import { inTransaction } from '../../db/transaction.ts';

/**
 * A file sent with a message: its bytes, the logo of a building or the photo of a visit (read when
 * the message is sent, so the outbox does not copy them; a visit's photo erased before then is
 * left out: docs/check-in.md, "The visitor's photo"). With `contentId` it is an inline part that
 * the HTML body shows as `<img src="cid:{contentId}">`.
 */
export type MailAttachment = { fileName: string; contentType: string; contentId?: string | null } & (
  { content: Buffer } | { buildingLogoOf: string } | { visitPhotoOf: string }
);

export interface OutgoingMail {
  tenantId: string | null;
  to: string;
  locale: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  attachments?: readonly MailAttachment[];
  /** What the e-mail is about, so the history of that visit, person or user lists it. */
  about?: MailAbout | null;
}

export interface MailAbout {
  entity: 'visit' | 'person' | 'user';
  id: string;
}

/** What the sender hands to SMTP for an attachment. */
export interface SentAttachment {
  fileName: string;
  contentType: string;
  contentId: string | null;
  content: Buffer;
}

/** Queues an e-mail; pass the transaction of the change that causes it. */
export async function enqueueMail(db: Db, id: string, mail: OutgoingMail): Promise<void> {
  const attachments = mail.attachments ?? [];
  const write = async (trx: Db) => {
    await trx
      .insertInto('mail_outbox')
      .values({
        id,
        tenant_id: mail.tenantId,
        to_address: mail.to,
        locale: mail.locale,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html ?? null,
        reply_to: mail.replyTo ?? null,
        entity: mail.about?.entity ?? null,
        entity_id: mail.about?.id ?? null,
      })
      .execute();
    if (attachments.length === 0) return;
    await trx
      .insertInto('mail_attachments')
      .values(
        attachments.map((attachment, position) => ({
          mail_id: id,
          position,
          file_name: attachment.fileName,
          content_type: attachment.contentType,
          content_id: attachment.contentId ?? null,
          content: 'content' in attachment ? attachment.content : null,
          building_logo_of: 'buildingLogoOf' in attachment ? attachment.buildingLogoOf : null,
          visit_photo_of: 'visitPhotoOf' in attachment ? attachment.visitPhotoOf : null,
        })),
      )
      .execute();
  };
  // The message and its files are written together, or not at all.
  await (attachments.length === 0 ? write(db) : inTransaction(db, write));
}

/**
 * The files of these messages, by message, in their order. A building's logo and a visit's photo
 * are read now (the logo's type from the stored logo); one deleted since the message was queued
 * is left out.
 */
async function attachmentsOf(db: Db, mailIds: readonly string[]): Promise<Map<string, SentAttachment[]>> {
  const byMail = new Map<string, SentAttachment[]>();
  if (mailIds.length === 0) return byMail;
  const rows = await db
    .selectFrom('mail_attachments as a')
    .leftJoin('building_logos as logo', 'logo.building_id', 'a.building_logo_of')
    .leftJoin('visit_photos as photo', 'photo.visit_id', 'a.visit_photo_of')
    .select([
      'a.mail_id',
      'a.file_name',
      'a.content_id',
      sql<string>`coalesce(logo.content_type, a.content_type)`.as('content_type'),
      sql<Buffer | null>`coalesce(a.content, logo.content, photo.content)`.as('content'),
    ])
    .where('a.mail_id', 'in', mailIds)
    .orderBy('a.mail_id')
    .orderBy('a.position')
    .execute();
  for (const row of rows) {
    if (!row.content) continue;
    const list = byMail.get(row.mail_id) ?? [];
    list.push({
      fileName: row.file_name,
      contentType: row.content_type,
      contentId: row.content_id,
      content: Buffer.from(row.content),
    });
    byMail.set(row.mail_id, list);
  }
  return byMail;
}

/**
 * Takes up to `limit` due messages under row locks (skipping rows another instance holds),
 * hands each to `send`, and records the outcome, all in one transaction. A failure is
 * retried with exponential back-off (1, 2, 4 ... 60 minutes); after `maxAttempts` it is FAILED.
 */
export async function processDueMail(
  db: Db,
  limit: number,
  maxAttempts: number,
  send: (row: {
    to: string;
    subject: string;
    text: string;
    html: string | null;
    replyTo: string | null;
    attachments: SentAttachment[];
  }) => Promise<void>,
): Promise<{ sent: number; failed: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'reply_to', 'attempts'])
      .where('status', '=', 'PENDING')
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('created_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    const attachments = await attachmentsOf(
      trx,
      rows.map((row) => row.id),
    );
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      try {
        await send({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          replyTo: row.reply_to,
          attachments: attachments.get(row.id) ?? [],
        });
        await trx
          .updateTable('mail_outbox')
          .set({ status: 'SENT', sent_at: sql<Date>`now()`, attempts: row.attempts + 1, last_error: null })
          .where('id', '=', row.id)
          .execute();
        sent++;
      } catch (error) {
        failed++;
        const attempts = row.attempts + 1;
        const delayMinutes = Math.min(60, 2 ** (attempts - 1));
        await trx
          .updateTable('mail_outbox')
          .set({
            attempts,
            status: attempts >= maxAttempts ? 'FAILED' : 'PENDING',
            next_attempt_at: sql<Date>`now() + make_interval(mins => ${delayMinutes})`,
            last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return { sent, failed };
  });
}

/** The mailbox's filters; every part optional. */
export interface MailboxFilterOf {
  from?: Date | undefined;
  to?: Date | undefined;
  status?: 'PENDING' | 'SENT' | 'FAILED' | undefined;
  /** Part of the recipient's address. */
  recipient?: string | undefined;
}

function selectMailbox(db: Db, filter: MailboxFilterOf) {
  let query = db.selectFrom('mail_outbox');
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', filter.to);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.recipient) query = query.where('to_address', 'ilike', containsPattern(filter.recipient));
  return query;
}

export type MailboxRow = Awaited<ReturnType<typeof listMailbox>>[number];

/**
 * The mailbox an administrator reads (the e-mail delivery log), newest first: by offset, or after
 * the message `afterId` (a file written page by page).
 */
export function listMailbox(
  db: Db,
  filter: MailboxFilterOf,
  page: { offset?: number; limit: number; afterId?: string | undefined },
) {
  let query = selectMailbox(db, filter).select([
    'id',
    'tenant_id',
    'to_address',
    'locale',
    'subject',
    'text_body',
    'status',
    'attempts',
    'last_error',
    'created_at',
    'sent_at',
    'entity',
    'entity_id',
  ]);
  if (page.afterId) {
    query = query.where(
      sql<boolean>`(created_at, id) < (select c.created_at, c.id from mail_outbox c where c.id = ${page.afterId})`,
    );
  }
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset ?? 0)
    .limit(page.limit)
    .execute();
}

export async function countMailbox(db: Db, filter: MailboxFilterOf): Promise<number> {
  const { count } = await selectMailbox(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
