import { useEffect } from 'react';
import { useLoadingStore } from './loading.store.ts';

/**
 * A Suspense fallback for code fetched on demand (a dialog opened for the first time): counts as
 * one call in flight, so the loading dialog appears if the fetch takes long, as it does for data.
 */
export function LoadingWhileMounted() {
  useEffect(() => {
    const { track } = useLoadingStore.getState();
    track(1);
    return () => track(-1);
  }, []);
  return null;
}
