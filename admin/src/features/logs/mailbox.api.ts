import { api } from '../../api/apiClient.ts';

// GET /service/mailbox: every e-mail the service wrote, newest first.

export interface OutboxMail {
  id: string;
  to: string;
  locale: string;
  subject: string;
  text: string;
  status: 'PENDING' | 'SENT' | 'FAILED';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface MailboxPage {
  docs: OutboxMail[];
  totalDocs: number;
}

export function listMailbox(page: number, limit: number, signal?: AbortSignal): Promise<MailboxPage> {
  return api.get<MailboxPage>('/mailbox', { query: { page, limit }, signal });
}
