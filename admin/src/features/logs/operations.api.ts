import type { HistoryType, JobRunFilter, KioskSyncFilter, MailboxFilter } from '@vestibule/shared';
import type { CallOutput, Contract } from '@vestibule/shared/contract';
import { api } from '../../api/apiClient.ts';

// The Logs screen's operations calls: the jobs' runs, the kiosks' sync figures, the e-mail
// delivery log's file, and the history of one object.

export type JobRunPage = CallOutput<Contract['GET /jobRuns']>;
export type JobRunEntry = JobRunPage['docs'][number];
export type KioskSyncEntry = CallOutput<Contract['GET /kioskSync']>['docs'][number];
export type HistoryAnswer = CallOutput<Contract['GET /logs/:type/:id']>;
export type HistoryEntry = HistoryAnswer['items'][number];

export function listJobRuns(query: JobRunFilter & { page: number; limit: number }, signal?: AbortSignal) {
  return api.call('GET /jobRuns', { query, signal });
}

export async function jobRunsCsv(query: JobRunFilter): Promise<string> {
  return String(await api.call('GET /jobRuns/jobRuns.csv', { query }));
}

export function kioskSync(query: KioskSyncFilter, signal?: AbortSignal) {
  return api.call('GET /kioskSync', { query, signal });
}

export async function kioskSyncCsv(query: KioskSyncFilter): Promise<string> {
  return String(await api.call('GET /kioskSync/kioskSync.csv', { query }));
}

export async function mailboxCsv(query: MailboxFilter): Promise<string> {
  return String(await api.call('GET /mailbox/mailbox.csv', { query }));
}

export function historyOf(type: HistoryType, id: string, signal?: AbortSignal) {
  return api.call('GET /logs/:type/:id', { params: { type, id }, signal });
}

/** The start of a day of the user's calendar (yyyy-MM-dd), as the moment the server filters by. */
export function startOfDay(day: string, daysLater = 0): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date + daysLater).toISOString();
}

/** A period of whole days of the user's calendar: from the start of `from` to the end of `to`. */
export function periodOf(filters: { from: string; to: string }) {
  return { from: startOfDay(filters.from), to: startOfDay(filters.to, 1) };
}
