import { PRODUCT_NAME, SERVICE_BASE } from '@vestibule/shared';
import { pathOf } from '@vestibule/shared/contract';
import { type ReactNode, useEffect } from 'react';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export interface FrameBuilding {
  id?: string;
  name: string;
  logoVersion?: number;
}

interface PageFrameProps {
  building?: FrameBuilding | null;
  /** The page's name, for the browser's title. */
  title: string;
  kiosk?: boolean;
  children: ReactNode;
}

/** The public pages' frame: the building's logo and name, the language switch, the main content. */
export function PageFrame({ building, title, kiosk = false, children }: PageFrameProps) {
  const logo =
    building?.id && building.logoVersion && building.logoVersion > 0
      ? `${SERVICE_BASE}${pathOf('GET /public/buildings/:id/checkInLogoImage/:version', { id: building.id, version: building.logoVersion })}`
      : null;
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
        <LanguageSwitch save={!kiosk} />
      </header>
      <main className="content">{children}</main>
    </div>
  );
}
