import { type ReactNode, useId } from 'react';
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
 * visit's own or a pass), a personal PIN. Each card's name is its action; its question describes it.
 */
export function KioskDoors({ qrCodeKey, onScan, pinHref }: KioskDoorsProps) {
  const { t } = useTranslation('publicVisit');
  return (
    <ul className="doors">
      <Door icon="checkOut" title={t('checkIn.checkOut')} hint={t('checkIn.leaving')}>
        {(labels) => <Link className="door" href={pagePath('buildingCheckOut', qrCodeKey)} {...labels} />}
      </Door>
      <Door icon="qrCode" title={t('scan.open')} hint={t('scan.offer')}>
        {(labels) => (
          <button
            type="button"
            className="door"
            onPointerEnter={preloadQrScanner}
            onFocus={preloadQrScanner}
            onClick={onScan}
            {...labels}
          />
        )}
      </Door>
      {pinHref && (
        <Door icon="pin" title={t('pin.open')} hint={t('pin.offer')}>
          {(labels) => <Link className="door" href={pinHref} {...labels} />}
        </Door>
      )}
    </ul>
  );
}

interface DoorLabels {
  'aria-labelledby': string;
  'aria-describedby': string;
  children: ReactNode;
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
  children: (labels: DoorLabels) => ReactNode;
}) {
  const id = useId();
  return (
    <li>
      {children({
        'aria-labelledby': `${id}-title`,
        'aria-describedby': `${id}-hint`,
        children: (
          <>
            <KioskIcon name={icon} className="door-icon" />
            <span className="door-text">
              <span id={`${id}-hint`} className="door-hint">
                {hint}
              </span>
              <span id={`${id}-title`} className="door-title">
                {title}
              </span>
            </span>
          </>
        ),
      })}
    </li>
  );
}
