import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface OutgoingMail {
  tenantId: string | null;
  to: string;
  locale: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
}

/** Queues an e-mail; pass the transaction of the change that causes it. */
export async function enqueueMail(db: Db, id: string, mail: OutgoingMail): Promise<void> {
  await db
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
    })
    .execute();
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

/** The mailbox an administrator reads when no SMTP server is configured. */
export function listMailbox(db: Db, options: { offset: number; limit: number }) {
  return db
    .selectFrom('mail_outbox')
    .select([
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
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
}

export async function countMailbox(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
