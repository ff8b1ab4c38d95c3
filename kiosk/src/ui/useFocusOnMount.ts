import { useEffect, useRef } from 'react';

/**
 * Moves the focus to an element (a screen's heading, with tabIndex -1) when it appears or
 * when `key` changes, so keyboard and screen-reader users start at the new content.
 */
export function useFocusOnMount<T extends HTMLElement>(key?: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return ref;
}
