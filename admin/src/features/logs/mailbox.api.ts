import type { MailboxFilter } from '@vestibule/shared';
import type { CallOutput, Contract } from '@vestibule/shared/contract';
import { api } from '../../api/apiClient.ts';

// GET /service/mailbox: every e-mail the service wrote, newest first.

export type MailboxPage = CallOutput<Contract['GET /mailbox']>;
export type OutboxMail = MailboxPage['docs'][number];

export function listMailbox(filter: MailboxFilter, page: number, limit: number, signal?: AbortSignal) {
  return api.call('GET /mailbox', { query: { ...filter, page, limit }, signal });
}
