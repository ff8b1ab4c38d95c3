import type { AuditLogFilter } from '@vestibule/shared';
import type { CallOutput, Contract } from '@vestibule/shared/contract';
import { createContext, use } from 'react';
import { api } from '../../api/apiClient.ts';

// Reading the audit log (GET /auditLog and its audit.csv) as the Logs screen uses it. The screen
// takes this port from AuditApiContext, so its tests answer with contract-shaped fixtures.

export type AuditLogPage = CallOutput<Contract['GET /auditLog']>;
export type AuditLogEntry = AuditLogPage['docs'][number];

/** A page of the log as the screen asks for it. */
export type AuditLogRequest = AuditLogFilter & { page: number; limit: number };

export interface AuditApi {
  list: (query: AuditLogRequest, signal?: AbortSignal) => Promise<AuditLogPage>;
  /** The log's CSV with the same filters, as text. */
  csv: (query: AuditLogFilter) => Promise<string>;
}

const appAuditApi: AuditApi = {
  list: (query, signal) => api.call('GET /auditLog', { query, signal }),
  csv: async (query) => String(await api.call('GET /auditLog/audit.csv', { query })),
};

/** Tests provide their own port; the app uses the one HTTP client. */
export const AuditApiContext = createContext<AuditApi | null>(null);

export function useAuditApi(): AuditApi {
  return use(AuditApiContext) ?? appAuditApi;
}
