import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo, type ReactNode } from 'react';
import { LoadingDialog } from '../loading/index.ts';
import { NotificationBanners } from '../notifications/index.ts';
import { selectSignedIn, useSession } from '../session/index.ts';
import { Footer } from './Footer.tsx';
import { toolbarFor } from './menu.ts';
import { MobileSidebar } from './MobileSidebar.tsx';
import { TenantSelectorDialog } from './TenantSelectorDialog.tsx';
import { Toolbar } from './Toolbar.tsx';
import classes from './AppLayout.module.css';

/** Header (toolbar), main content with the banners, footer; or only the content (printing). */
export function AppLayout({ chrome, children }: { chrome: boolean; children: ReactNode }) {
  const signedIn = useSession(selectSignedIn);
  const role = useSession((state) => state.user?.role);
  const model = useMemo(() => toolbarFor(role, signedIn), [role, signedIn]);
  const [sidebarOpened, sidebar] = useDisclosure(false);
  const [tenantDialogOpened, tenantDialog] = useDisclosure(false);

  if (!chrome) {
    return (
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Container size="xl" py="md">
          <NotificationBanners />
          {children}
        </Container>
        <LoadingDialog />
      </main>
    );
  }

  return (
    <AppShell header={{ height: 64 }} footer={{ height: 44 }} padding="md">
      <AppShell.Header className={classes.header} data-tone={model.tone} data-testid="toolbar">
        <Toolbar
          model={model}
          signedIn={signedIn}
          sidebarOpened={sidebarOpened}
          onToggleSidebar={sidebar.toggle}
          onSelectTenant={tenantDialog.open}
        />
      </AppShell.Header>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Container size="xl" px={0}>
          <NotificationBanners />
          {children}
        </Container>
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
      <MobileSidebar model={model} opened={sidebarOpened} onClose={sidebar.close} onSelectTenant={tenantDialog.open} />
      {signedIn && <TenantSelectorDialog opened={tenantDialogOpened} onClose={tenantDialog.close} />}
      <LoadingDialog />
    </AppShell>
  );
}
