// Everything drawn with Mantine starts here: its styles (in a cascade layer, so the app's own
// styles win whatever order the files arrive in), its provider and the signed-in shell. The sign-in
// page does not load this file; the other screens fetch it once, with their first visit.
import '@mantine/core/styles.layer.css';
import type { ReactNode } from 'react';
import { AppLayout } from '../features/shell/index.ts';
import { MantineProviders } from './AppProviders.tsx';
import { addScreenCatalogue } from './screenCatalogue.ts';

// Before any screen in this frame renders: the screens' words.
addScreenCatalogue();

/** The shell (toolbar, banners, footer) around a routed screen; `chrome` false for printing. */
export function MantineFrame({ chrome, children }: { chrome: boolean; children: ReactNode }) {
  return (
    <MantineProviders>
      <AppLayout chrome={chrome}>{children}</AppLayout>
    </MantineProviders>
  );
}

/** Mantine without the shell: the router's error page, which replaces the whole frame. */
export function MantineOnly({ children }: { children: ReactNode }) {
  return <MantineProviders>{children}</MantineProviders>;
}
