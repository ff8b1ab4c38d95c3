import type { AuditLogFilter } from '@vestibule/shared';
import type { CallOutput, Contract } from '@vestibule/shared/contract';
import { api } from '../../api/apiClient.ts';

// Reading the audit log (GET /auditLog and its audit.csv) as the Logs screen uses it.

export type AuditLogEntry = CallOutput<Contract['GET /auditLog']>['docs'][number];

/** A page of the log as the screen asks for it. */
export type AuditLogRequest = AuditLogFilter & { page: number; limit: number };

export function listAuditLog(query: AuditLogRequest, signal?: AbortSignal) {
  return api.call('GET /auditLog', { query, signal });
}

/** The log's CSV with the same filters, as text. */
export async function auditCsv(query: AuditLogFilter): Promise<string> {
  return String(await api.call('GET /auditLog/audit.csv', { query }));
}
