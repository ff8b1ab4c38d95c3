import { sql } from 'kysely';
import { type HostChannelMessage, PROVIDER_ANSWER_MAX, uuidv7 } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/likePattern.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type ChannelSend, ChannelFailure, type OutboxChannel, type ProviderAnswer } from './outboxChannel.ts';

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
  /**
   * A host's message by chat or SMS (docs/host-notifications.md): its channel, an SMS's number,
   * and its texts. The e-mail's fields are what goes to `to` should it fail; `to` may then be
   * empty (no fallback). Absent: an e-mail.
   */
  channel?: { name: Exclude<OutboxChannel, 'EMAIL'>; to: string | null; message: HostChannelMessage } | null;
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
        channel: mail.channel?.name ?? 'EMAIL',
        channel_to: mail.channel?.to ?? null,
        channel_message: mail.channel ? JSON.stringify(mail.channel.message) : null,
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

/** An e-mail as the outbox hands it to SMTP. */
export interface DueMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  attachments: SentAttachment[];
}

/** What a failed chat or SMS message's e-mail copies of it: all but its channel's parts. */
const fallbackColumns = [
  'tenant_id',
  'to_address',
  'locale',
  'subject',
  'text_body',
  'html_body',
  'reply_to',
  'entity',
  'entity_id',
] as const;
const attachmentColumns = [
  'position',
  'file_name',
  'content_type',
  'content_id',
  'content',
  'building_logo_of',
  'visit_photo_of',
] as const;

/**
 * Queues, once, the e-mail of a chat or SMS message that failed for good, to the host's address
 * (none when the message has no address), with the message's files; answers whether it did.
 */
async function queueFallbackMail(db: Db, failedId: string): Promise<boolean> {
  const id = uuidv7();
  const inserted = await db
    .insertInto('mail_outbox')
    .columns(['id', ...fallbackColumns, 'fallback_of'])
    .expression((eb) =>
      eb
        .selectFrom('mail_outbox')
        .select([sql<string>`${id}::uuid`.as('id'), ...fallbackColumns, 'id as fallback_of'])
        .where('id', '=', failedId)
        .where('channel', '<>', 'EMAIL')
        .where('to_address', 'like', '%@%'),
    )
    .onConflict((oc) => oc.column('fallback_of').where('fallback_of', 'is not', null).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .insertInto('mail_attachments')
    .columns(['mail_id', ...attachmentColumns])
    .expression((eb) =>
      eb
        .selectFrom('mail_attachments')
        .select([sql<string>`${id}::uuid`.as('mail_id'), ...attachmentColumns])
        .where('mail_id', '=', failedId),
    )
    .execute();
  return true;
}

const clipped = (text: string | null) => (text === null ? null : text.slice(0, PROVIDER_ANSWER_MAX));

/**
 * Takes up to `limit` due messages under row locks (skipping rows another instance holds),
 * hands each to its channel's sender (`send` for an e-mail, `sendChannel` for a chat or SMS),
 * and records the outcome and the provider's answer, all in one transaction. A failure is
 * retried with exponential back-off (1, 2, 4 ... 60 minutes); after `maxAttempts` it is FAILED,
 * as is at once a chat or SMS message that failed permanently (ChannelFailure); such a message
 * failed for good has its e-mail queued to the host, once (docs/host-notifications.md).
 * Without `send` (no SMTP) e-mails stay queued; without `sendChannel` chat and SMS messages do.
 */
export async function processDueMail(
  db: Db,
  limit: number,
  maxAttempts: number,
  send: ((row: DueMail) => Promise<void>) | null,
  sendChannel: ChannelSend | null = null,
): Promise<{ sent: number; failed: number }> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('mail_outbox')
      .select([
        'id',
        'tenant_id',
        'to_address',
        'subject',
        'text_body',
        'html_body',
        'reply_to',
        'attempts',
        'channel',
        'channel_to',
        'channel_message',
      ])
      .where('status', '=', 'PENDING')
      .where('next_attempt_at', '<=', sql<Date>`now()`);
    if (!send) query = query.where('channel', '<>', 'EMAIL');
    if (!sendChannel) query = query.where('channel', '=', 'EMAIL');
    const rows = await query.orderBy('created_at').limit(limit).forUpdate().skipLocked().execute();
    const attachments = await attachmentsOf(
      trx,
      rows.filter((row) => row.channel === 'EMAIL').map((row) => row.id),
    );
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      let answer: ProviderAnswer | null = null;
      try {
        if (row.channel === 'EMAIL') {
          await send?.({
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            replyTo: row.reply_to,
            attachments: attachments.get(row.id) ?? [],
          });
        } else {
          if (!row.channel_message) throw new ChannelFailure('no message to send', { permanent: true });
          answer = await sendChannel!(
            {
              id: row.id,
              tenantId: row.tenant_id,
              channel: row.channel,
              to: row.channel_to,
              message: row.channel_message,
            },
            trx,
          );
        }
        await trx
          .updateTable('mail_outbox')
          .set({
            status: 'SENT',
            sent_at: sql<Date>`now()`,
            attempts: row.attempts + 1,
            last_error: null,
            provider_status: answer?.statusCode ?? null,
            provider_answer: clipped(answer?.body ?? null),
          })
          .where('id', '=', row.id)
          .execute();
        sent++;
      } catch (error) {
        failed++;
        const attempts = row.attempts + 1;
        const delayMinutes = Math.min(60, 2 ** (attempts - 1));
        const failure = error instanceof ChannelFailure ? error : null;
        const final = attempts >= maxAttempts || failure?.permanent === true;
        await trx
          .updateTable('mail_outbox')
          .set({
            attempts,
            status: final ? 'FAILED' : 'PENDING',
            next_attempt_at: sql<Date>`now() + make_interval(mins => ${delayMinutes})`,
            last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
            ...(row.channel === 'EMAIL'
              ? {}
              : {
                  provider_status: failure?.answer?.statusCode ?? null,
                  provider_answer: clipped(failure?.answer?.body ?? null),
                }),
          })
          .where('id', '=', row.id)
          .execute();
        if (final && row.channel !== 'EMAIL') await queueFallbackMail(trx, row.id);
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
    'channel',
    'channel_to',
    'provider_status',
    'provider_answer',
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
