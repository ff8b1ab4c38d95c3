import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pagePath } from '../../app/router.ts';
import { type IconName, KioskIcon } from '../../ui/icons.tsx';
import { Link } from '../../ui/Link.tsx';
import { preloadQrScanner } from '../scanner/index.ts';

interface KioskDoorsProps {
  qrCodeKey: string;
  onScan: () => void;
  /** The PIN identification page, when the kiosk offers it. */
  pinHref: string | null;
}

/**
 * The welcome screen's other ways in, beside checking in: leaving, a QR code (an invitation, a
 * visit's own or a pass), a personal PIN. Each card says its action, then whom it is for.
 */
export function KioskDoors({ qrCodeKey, onScan, pinHref }: KioskDoorsProps) {
  const { t } = useTranslation('publicVisit');
  return (
    <ul className="doors">
      <Door icon="checkOut" title={t('checkIn.checkOut')} hint={t('doors.checkOut')}>
        {(content) => (
          <Link className="door" href={pagePath('buildingCheckOut', qrCodeKey)}>
            {content}
          </Link>
        )}
      </Door>
      <Door icon="qrCode" title={t('scan.open')} hint={t('doors.scan')}>
        {(content) => (
          <button
            type="button"
            className="door"
            onPointerEnter={preloadQrScanner}
            onFocus={preloadQrScanner}
            onClick={onScan}
          >
            {content}
          </button>
        )}
      </Door>
      {pinHref && (
        <Door icon="pin" title={t('pin.open')} hint={t('doors.pin')}>
          {(content) => (
            <Link className="door" href={pinHref}>
              {content}
            </Link>
          )}
        </Door>
      )}
    </ul>
  );
}

function Door({
  icon,
  title,
  hint,
  children,
}: {
  icon: IconName;
  title: string;
  hint: string;
  children: (content: ReactNode) => ReactNode;
}) {
  return (
    <li>
      {children(
        <>
          <KioskIcon name={icon} className="door-icon" />
          <span className="door-text">
            <span className="door-title">{title}</span>
            <span className="door-hint">{hint}</span>
          </span>
        </>,
      )}
    </li>
  );
}
