import { lazy } from 'react';

// The Mantine frame is one file fetched on demand: at once when the first page needs it, or while
// a visitor types on the sign-in page, so the screen after sign-in does not wait for it. The
// browser keeps the module once loaded; each call below returns that one module.

export function loadMantineFrame(): Promise<unknown> {
  return import('./MantineFrame.tsx');
}

export const MantineFrame = lazy(() =>
  import('./MantineFrame.tsx').then((module) => ({ default: module.MantineFrame })),
);
export const MantineOnly = lazy(() => import('./MantineFrame.tsx').then((module) => ({ default: module.MantineOnly })));
