import { maySelectTenant, type SelectTenantResponse } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { writeValue } from '../../storage/browserStorage.ts';
import { storageKeys, tabTenantKey } from '../../storage/storageKeys.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import type { SessionState, SliceContext } from './sessionState.ts';
import type { SelectedTenant } from './sessionUser.ts';
import { sessionCalls } from './sessionCalls.ts';

// The company this tab works in: the tab's own choice, else the last one made in any tab; with
// it come the companies to choose from and the company's buildings.

function isAuthFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export function tenantSlice({ env, get, set }: SliceContext) {
  /** The tab's company: its own choice (sessionStorage), else the last one made in any tab. */
  function rememberTenant(tenant: SelectedTenant | null): void {
    writeValue(env.noticeStorage, tabTenantKey, tenant);
    writeValue(env.storage, storageKeys.tenant, tenant);
  }

  return {
    async selectTenant(tenantId) {
      const { user, tenant } = get();
      if (!user) return;
      const chosen = maySelectTenant(user.role) ? (tenantId ?? tenant?.id ?? null) : null;
      set({ tenantLoading: true });
      try {
        let response: SelectTenantResponse;
        try {
          response = await sessionCalls.selectTenant(chosen);
        } catch (error) {
          // A remembered tenant that no longer exists: fall back to the default one.
          const stale = tenantId === undefined && chosen !== null && error instanceof ApiError;
          if (!stale || (error.status !== 404 && error.status !== 400)) throw error;
          response = await sessionCalls.selectTenant(null);
        }
        if (get().user === null) return;
        rememberTenant(response.tenant);
        set({
          tenant: response.tenant,
          tenants: response.tenants,
          buildings: response.buildings,
          googleConfig: response.googleConfig,
        });
      } catch (error) {
        if (!isAuthFailure(error)) notifications.showError(messageFromError(error));
      } finally {
        set({ tenantLoading: false });
      }
    },
  } satisfies Partial<SessionState>;
}
