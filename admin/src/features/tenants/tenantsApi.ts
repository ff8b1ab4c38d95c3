import type { Tenant, TenantList, TenantUpdate, User } from '@vestibule/shared';
import type { CallBody, Contract } from '@vestibule/shared/contract';
import { createContext, use } from 'react';
import { api } from '../../api/apiClient.ts';

// The companies calls of application.md section 7 ("Users and tenants") as the Companies screen
// uses them. The screen takes this port from TenantsApiContext, so its tests answer with
// contract-shaped fixtures.

/** A page of the list as the screen asks for it: by name, A to Z (1) or Z to A (-1). */
export interface TenantListRequest {
  order: 1 | -1;
  page: number;
  limit: number;
  search: string | undefined;
}

/** POST /tenantWithMaster: the company and its first corporate user. */
export type TenantWithMaster = CallBody<Contract['POST /tenantWithMaster']>;

export interface TenantsApi {
  list: (query: TenantListRequest, signal?: AbortSignal) => Promise<TenantList>;
  create: (body: TenantWithMaster) => Promise<{ tenant: Tenant; master: User }>;
  update: (id: string, changes: TenantUpdate) => Promise<Tenant>;
  remove: (id: string) => Promise<void>;
  /** Whether no user has this address yet. */
  emailFree: (email: string) => Promise<boolean>;
}

const appTenantsApi: TenantsApi = {
  list: (query, signal) => api.call('GET /tenant', { query, signal }),
  create: (body) => api.call('POST /tenantWithMaster', { body }),
  update: (id, changes) => api.call('PATCH /tenant/:id', { params: { id }, body: changes }),
  remove: async (id) => {
    await api.call('DELETE /tenant/:id', { params: { id } });
  },
  emailFree: async (email) => (await api.call('GET /validateUserEmail', { query: { email } })).valid,
};

/** Tests provide their own port; the app uses the one HTTP client. */
export const TenantsApiContext = createContext<TenantsApi | null>(null);

export function useTenantsApi(): TenantsApi {
  return use(TenantsApiContext) ?? appTenantsApi;
}
