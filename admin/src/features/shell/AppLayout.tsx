import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo, type ReactNode } from 'react';
import { LoadingDialog } from './LoadingDialog.tsx';
import { NotificationBanners } from '../notifications/index.ts';
import { selectSignedIn, useSession } from '../session/index.ts';
import { MobileSidebar } from './MobileSidebar.tsx';
import { ImpersonationNotice } from './ImpersonationNotice.tsx';
import { NoBuildingNotice } from './NoBuildingNotice.tsx';
import { TenantSelectorDialog } from './TenantSelectorDialog.tsx';
import { Toolbar } from './Toolbar.tsx';
import { Footer, frameClasses as classes, PublicLayout, toolbarFor } from '../frame/index.ts';

/**
 * Header (toolbar), main content with the banners, footer; or only the content (printing); for
 * visitors, the plain frame of the sign-in page.
 */
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

  // Visitors get the plain frame the sign-in page has, so their toolbar is one and the same.
  if (!signedIn) {
    return (
      <>
        <PublicLayout>{children}</PublicLayout>
        <LoadingDialog />
      </>
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
          <ImpersonationNotice />
          <NoBuildingNotice />
          {children}
        </Container>
      </AppShell.Main>
      <AppShell.Footer className={classes.footerBar}>
        <Footer />
      </AppShell.Footer>
      <MobileSidebar model={model} opened={sidebarOpened} onClose={sidebar.close} onSelectTenant={tenantDialog.open} />
      <TenantSelectorDialog opened={tenantDialogOpened} onClose={tenantDialog.close} />
      <LoadingDialog />
    </AppShell>
  );
}
