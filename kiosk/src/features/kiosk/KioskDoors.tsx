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
      <li>
        <Link className="door" href={pagePath('buildingCheckOut', qrCodeKey)}>
          <DoorContent icon="checkOut" title={t('checkIn.checkOut')} hint={t('doors.checkOut')} />
        </Link>
      </li>
      <li>
        <button
          type="button"
          className="door"
          onPointerEnter={preloadQrScanner}
          onFocus={preloadQrScanner}
          onClick={onScan}
        >
          <DoorContent icon="qrCode" title={t('scan.open')} hint={t('doors.scan')} />
        </button>
      </li>
      {pinHref && (
        <li>
          <Link className="door" href={pinHref}>
            <DoorContent icon="pin" title={t('pin.open')} hint={t('doors.pin')} />
          </Link>
        </li>
      )}
    </ul>
  );
}

/** A door card's inside: its icon, its action, then whom it is for. */
function DoorContent({ icon, title, hint }: { icon: IconName; title: string; hint: string }) {
  return (
    <>
      <KioskIcon name={icon} className="door-icon" />
      <span className="door-text">
        <span className="door-title">{title}</span>
        <span className="door-hint">{hint}</span>
      </span>
    </>
  );
}
