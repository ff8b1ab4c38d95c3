import { CSV_BOM, type Locale, type MailboxFilter, csvRow } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import { momentOf } from '../audit/audit.service.ts';
import { type MailboxFilterOf, type MailboxRow, countMailbox, listMailbox } from './mail.repo.ts';

// The mailbox, the e-mail delivery log: every e-mail the service wrote, newest first, with its
// state (queued and retried with back-off, sent, or failed with the SMTP server's answer) and how
// many attempts it took; filtered by dates, state and recipient, or as mailbox.csv.

function filterOf(query: MailboxFilter): MailboxFilterOf {
  return {
    from: momentOf(query.from, 'from'),
    to: momentOf(query.to, 'to'),
    status: query.status,
    recipient: query.recipient || undefined,
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toMail(row: MailboxRow) {
  return {
    id: row.id,
    to: row.to_address,
    locale: row.locale,
    subject: row.subject,
    text: row.text_body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: iso(row.sent_at),
    entity: row.entity as 'visit' | 'person' | 'user' | null,
    entityId: row.entity_id,
    channel: row.channel,
    channelTo: row.channel_to,
    providerStatus: row.provider_status,
    providerAnswer: row.provider_answer,
  };
}

/** Every e-mail the service wrote, newest first, a page at a time. */
export async function mailboxPage(
  ctx: ServerContext,
  query: MailboxFilter & { limit?: number | undefined; page?: number | undefined },
) {
  const filter = filterOf(query);
  const limit = query.limit ?? 50;
  const page = Math.max(1, query.page ?? 1);
  const [rows, total] = await Promise.all([
    listMailbox(ctx.db, filter, { offset: (page - 1) * limit, limit }),
    countMailbox(ctx.db, filter),
  ]);
  return { docs: rows.map(toMail), totalDocs: total };
}

/** mailbox.csv: the filtered log, newest first, without the messages' bodies (they hold links). */
export function mailboxCsv(ctx: ServerContext, query: MailboxFilter, locale: Locale): AsyncGenerator<string> {
  const filter = filterOf(query);
  return mailboxCsvRows(ctx, filter, locale);
}

async function* mailboxCsvRows(ctx: ServerContext, filter: MailboxFilterOf, locale: Locale): AsyncGenerator<string> {
  const t = (key: string) => translate(locale, key);
  const columns = [
    'logs.mailbox.created',
    'logs.mailbox.to',
    'logs.mailbox.subject',
    'logs.mailbox.status',
    'logs.mailbox.channel',
    'logs.mailbox.providerColumn',
    'operations.mailbox.attempts',
    'operations.mailbox.lastError',
    'operations.mailbox.sentAt',
  ];
  yield CSV_BOM + csvRow(columns.map(t));
  const pageSize = 500;
  let afterId: string | undefined;
  for (;;) {
    const rows = await listMailbox(ctx.db, filter, { limit: pageSize, afterId });
    for (const row of rows) {
      yield csvRow([
        new Date(row.created_at).toISOString(),
        row.to_address,
        row.subject,
        t(`logs.mailbox.statuses.${row.status}`),
        // A chat or SMS message: its channel, an SMS's number, and what the provider answered.
        row.channel === 'EMAIL'
          ? t('logs.mailbox.channels.EMAIL')
          : `${t(`logs.mailbox.channels.${row.channel}`)}${row.channel_to ? ` ${row.channel_to}` : ''}`,
        row.provider_status === null ? '' : `${row.provider_status} ${row.provider_answer ?? ''}`.trim(),
        row.attempts,
        row.last_error,
        iso(row.sent_at),
      ]);
    }
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    afterId = last.id;
  }
}
