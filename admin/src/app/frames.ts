import { startTransition, useEffect, useState } from 'react';
import { preloadable } from './preloadable.ts';

// The Mantine frame is one file fetched on demand: once the first page that needs it has painted
// its loading screen, or while a visitor types on the sign-in page, so the screen after sign-in
// does not wait for it. The browser keeps the module once loaded.

const mantineFrame = preloadable(
  () => import('./MantineFrame.tsx'),
  (module) => module.MantineFrame,
);
const mantineOnly = preloadable(
  () => import('./MantineFrame.tsx'),
  (module) => module.MantineOnly,
);

export const loadMantineFrame = mantineFrame.preload;
export const MantineFrame = mantineFrame.Component;
export const MantineOnly = mantineOnly.Component;

/** Whether the app has drawn a Mantine screen already (or painted its first loading screen). */
let painted = false;

/**
 * False until the first page has painted its loading screen and `prepare` (what the page needs:
 * the frame, its screen's file, the session) has settled, when `needed`; then true. Waits for the
 * next task after the next frame, so the browser has painted what the first render committed.
 * Drawing the page only when all it needs is there means no Suspense fallback is committed on
 * the way, so React does not hold the page back by its fallback throttle.
 */
export function useFirstScreenReady(needed: boolean, prepare: () => Promise<unknown>): boolean {
  const [done, setDone] = useState(painted || !needed);
  useEffect(() => {
    if (done) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const nextFrame = window.requestAnimationFrame ?? ((callback: () => void) => setTimeout(callback, 16));
    nextFrame(() => {
      timer = setTimeout(() => {
        void prepare()
          .catch(() => undefined)
          .finally(() => {
            painted = true;
            // A transition: React draws the frame and the page in slices, yielding to the browser,
            // rather than in one long task.
            if (live) startTransition(() => setDone(true));
          });
      });
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // prepare is read once, after the first paint.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);
  return done;
}
