import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { KioskClock } from '../../ui/KioskClock.tsx';

interface KioskAttractProps {
  buildingName: string;
  logo: string | null;
  onWake: () => void;
}

/**
 * The kiosk left alone (docs/kiosk.md, "The welcome screen"): the building's logo and name, the
 * time, and one invitation to tap. A touch anywhere brings the welcome screen back; the keyboard
 * reaches the same through its one button, which has the focus.
 */
export function KioskAttract({ buildingName, logo, onWake }: KioskAttractProps) {
  const { t } = useTranslation('publicPages');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
  }, []);
  return (
    <main className="attract" aria-label={t('attract.region')} onClick={onWake}>
      {logo && <img className="attract-logo" src={logo} alt="" />}
      <p className="attract-name">{buildingName}</p>
      <button ref={button} type="button" className="attract-tap">
        {t('attract.tap')}
      </button>
      <KioskClock className="kiosk-clock attract-clock" />
    </main>
  );
}
