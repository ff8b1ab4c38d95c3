import { createApiClient, type ApiError } from '@vestibule/shared/api';
import { useLoadingStore } from '../features/loading/index.ts';
import { currentLocale } from '../features/locale/index.ts';
import type { RawCallContext } from './rawCalls.ts';

/** What the API needs from the session; the session store connects itself at start. */
export interface ApiSessionHooks {
  getToken: () => string | null;
  /** The company this tab works in. */
  getTenant: () => string | null;
  onAuthFailure: (error: ApiError) => void;
}

let sessionHooks: ApiSessionHooks = { getToken: () => null, getTenant: () => null, onAuthFailure: () => undefined };

export function connectApiSession(hooks: ApiSessionHooks): void {
  sessionHooks = hooks;
}

/** The one HTTP client of the admin app: bearer, Accept-Language, errors, loading dialog. */
export const api = createApiClient({
  getToken: () => sessionHooks.getToken(),
  getTenant: () => sessionHooks.getTenant(),
  getLocale: () => currentLocale(),
  onAuthFailure: (error) => sessionHooks.onAuthFailure(error),
  onActivity: (delta) => useLoadingStore.getState().track(delta),
});

/**
 * The session's part of an upload that bypasses this client to show its own progress bar (the
 * people import): the same token, company and sign-out on a refused token, no loading dialog.
 */
export const uploadSession: RawCallContext = {
  getToken: () => sessionHooks.getToken(),
  getTenant: () => sessionHooks.getTenant(),
  getLocale: () => currentLocale(),
  onAuthFailure: (error) => sessionHooks.onAuthFailure(error),
  onActivity: () => undefined,
};

/** The same client without the loading dialog, for a call nobody waits for (ending the session on the server). */
export const quietApi = createApiClient(uploadSession);
