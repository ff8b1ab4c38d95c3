import type { CallInput, Contract } from '@vestibule/shared/contract';
import { api } from '../../../api/apiClient.ts';

// The entry and attendance reports' calls, through the app's one client by contract key. Tests
// answer them at fetch (admin/src/test/answerCalls.ts).

type Query<K extends keyof Contract> = NonNullable<CallInput<Contract[K]> extends { query?: infer Q } ? Q : never>;

export type EntryReportRequest = Query<'GET /reports/entries'>;
export type ReportVisitsRequest = Query<'GET /reports/entries/visits'>;
export type AttendanceRequest = Query<'GET /reports/attendance'>;

export const entryReportsApi = {
  entries: (query: EntryReportRequest, signal?: AbortSignal) => api.call('GET /reports/entries', { query, signal }),
  visits: (query: ReportVisitsRequest, signal?: AbortSignal) =>
    api.call('GET /reports/entries/visits', { query, signal }),
  /** Every visit of the selection as CSV text (the page and limit are not read). */
  visitsCsv: async (query: ReportVisitsRequest) => String(await api.call('GET /reports/entries/visits.csv', { query })),
  attendance: (query: AttendanceRequest, signal?: AbortSignal) =>
    api.call('GET /reports/attendance', { query, signal }),
  /** Every person of the report as CSV text (the list's filters and order). */
  attendanceCsv: async (query: AttendanceRequest) =>
    String(await api.call('GET /reports/attendance/people.csv', { query })),
};
