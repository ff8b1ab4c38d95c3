import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { KioskClock } from '../../ui/KioskClock.tsx';

interface KioskAttractProps {
  buildingName: string;
  logo: string | null;
  onWake: () => void;
}

/**
 * The kiosk left alone (docs/kiosk.md, "The welcome screen"): the building's logo and name, the
 * time, and one invitation to tap. The whole screen is one button: any touch, click or key
 * brings the welcome screen back.
 */
export function KioskAttract({ buildingName, logo, onWake }: KioskAttractProps) {
  const { t } = useTranslation('publicPages');
  const button = useRef<HTMLButtonElement>(null);
  const tapId = useId();
  useEffect(() => {
    button.current?.focus();
  }, []);
  return (
    <main className="attract" aria-label={t('attract.region')}>
      <button ref={button} type="button" className="attract-button" aria-labelledby={tapId} onClick={onWake}>
        {logo && <img className="attract-logo" src={logo} alt="" />}
        <span className="attract-name">{buildingName}</span>
        <span id={tapId} className="attract-tap">
          {t('attract.tap')}
        </span>
        <KioskClock className="kiosk-clock attract-clock" />
      </button>
    </main>
  );
}
