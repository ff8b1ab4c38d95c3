import { createContext, useContext, useMemo } from 'react';
import { api } from '../../api/apiClient.ts';
import { useLoadingStore } from '../loading/index.ts';
import { currentLocale } from '../locale/index.ts';
import { useSessionStore } from '../session/index.ts';
import { createBuildingsApi, type BuildingsApi } from './buildingsApi.ts';

/** Tests provide their own port; the app uses the one HTTP client and the session's token. */
export const BuildingsApiContext = createContext<BuildingsApi | null>(null);

export function useBuildingsApi(): BuildingsApi {
  const provided = useContext(BuildingsApiContext);
  const session = useSessionStore();
  const fallback = useMemo(
    () =>
      createBuildingsApi(api, {
        getToken: () => session.getState().token,
        getLocale: currentLocale,
        onAuthFailure: () => session.getState().forceLogout(),
        onActivity: (delta) => useLoadingStore.getState().track(delta),
      }),
    [session],
  );
  return provided ?? fallback;
}
