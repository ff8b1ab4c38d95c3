import { PRODUCT_NAME, SERVICE_BASE, type ShownPrivacyNotice } from '@vestibule/shared';
import { pathOf } from '@vestibule/shared/contract';
import { type ReactNode, Suspense, lazy, useEffect, useId, useState } from 'react';
import { useAccessibilityRoot } from './accessibility.ts';
import { AccessibilityButton, KioskLanguages } from './KioskBarTools.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { PrivacyNoticeLink } from './PrivacyNotice.tsx';

const KioskAccessibilityPanel = lazy(() =>
  import('./KioskAccessibilityPanel.tsx').then((module) => ({ default: module.KioskAccessibilityPanel })),
);

export interface FrameBuilding {
  id?: string;
  name: string;
  logoVersion?: number;
}

/** The address of a building's check-in logo, or null when it has none. */
export function logoUrl(building: FrameBuilding | null | undefined): string | null {
  return building?.id && building.logoVersion && building.logoVersion > 0
    ? `${SERVICE_BASE}${pathOf('GET /public/buildings/:id/checkInLogoImage/:version', { id: building.id, version: building.logoVersion })}`
    : null;
}

interface PageFrameProps {
  building?: FrameBuilding | null;
  /** The page's name, for the browser's title. */
  title: string;
  /** A kiosk: its languages as flags, the accessibility choices (docs/kiosk.md). */
  kiosk?: boolean;
  /** The page shows the logo large itself (the kiosk's welcome screen). */
  hideLogo?: boolean;
  /**
   * The company's privacy notice as the page has it (a check-in's configuration; null: none);
   * left out, the building's is asked for.
   */
  privacyNotice?: ShownPrivacyNotice | null;
  children: ReactNode;
}

/** The public pages' frame: the building's logo and name, the language switch, the main content. */
export function PageFrame({
  building,
  title,
  kiosk = false,
  hideLogo = false,
  privacyNotice,
  children,
}: PageFrameProps) {
  const logo = hideLogo ? null : logoUrl(building);
  const panelId = useId();
  const [accessibilityOpen, setAccessibility] = useState(false);
  const setAccessibilityOpen = (open: boolean) => {
    setAccessibility(open);
    // Closed: the focus goes back to the button that opened the panel.
    if (!open) document.getElementById(`${panelId}-button`)?.focus();
  };
  useAccessibilityRoot(kiosk);
  useEffect(() => {
    document.title = [title, building?.name ?? PRODUCT_NAME].filter(Boolean).join(' – ');
  }, [title, building?.name]);
  return (
    <div className="page" data-kiosk={kiosk ? true : undefined}>
      <header className="bar">
        <div className="building">
          {logo && <img className="building-logo" src={logo} alt="" />}
          <span className="building-name">{building?.name ?? PRODUCT_NAME}</span>
        </div>
        {kiosk ? (
          <div className="bar-tools">
            <KioskLanguages />
            <AccessibilityButton open={accessibilityOpen} onOpenChange={setAccessibilityOpen} panelId={panelId} />
          </div>
        ) : (
          <LanguageSwitch save />
        )}
      </header>
      {kiosk && accessibilityOpen && (
        <Suspense fallback={null}>
          <KioskAccessibilityPanel onOpenChange={setAccessibilityOpen} panelId={panelId} />
        </Suspense>
      )}
      <main className="content">{children}</main>
      <footer className="page-footer">
        {/* A kiosk shows only the notice of its cached configuration: it asks the network nothing here. */}
        <PrivacyNoticeLink buildingId={kiosk ? undefined : building?.id} notice={privacyNotice} />
      </footer>
    </div>
  );
}
