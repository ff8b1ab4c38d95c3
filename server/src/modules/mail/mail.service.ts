import type { ServerContext } from '../../context.ts';
import { countMailbox, listMailbox } from './mail.repo.ts';

/** Every e-mail the service wrote, newest first, a page at a time. */
export async function mailboxPage(
  ctx: ServerContext,
  query: { limit?: number | undefined; page?: number | undefined },
) {
  const limit = query.limit ?? 50;
  const page = Math.max(1, query.page ?? 1);
  const [rows, total] = await Promise.all([
    listMailbox(ctx.db, { offset: (page - 1) * limit, limit }),
    countMailbox(ctx.db),
  ]);
  return {
    docs: rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      locale: row.locale,
      subject: row.subject,
      text: row.text_body,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: new Date(row.created_at).toISOString(),
      sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    })),
    totalDocs: total,
  };
}
