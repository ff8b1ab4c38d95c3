import type { WizardVisitorType } from '@vestibule/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type IconName, KioskIcon } from '../../ui/icons.tsx';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { KioskClock } from '../../ui/KioskClock.tsx';

/** What a kiosk's welcome screen adds to the choice (docs/kiosk.md, "The welcome screen"). */
export interface KioskWelcome {
  /** The building's logo, shown large; null when it has none. */
  logo: string | null;
  /** The building's welcome text ('' for none). */
  text: string;
  /** The other ways in: checking out, a QR code, a PIN (KioskDoors). */
  doors: ReactNode;
}

interface PersonTypeChoiceProps {
  buildingName: string;
  visitorTypes: readonly WizardVisitorType[];
  onChoose: (visitorType: WizardVisitorType) => void;
  /** On a kiosk: its welcome screen's logo, text, clock and other doors. */
  welcome?: KioskWelcome;
}

const typeIcon: Record<WizardVisitorType, IconName> = {
  VISITOR: 'visitor',
  CONTRACTOR: 'contractor',
  EMPLOYEE: 'employee',
};

/** The first screen: who is checking in, as large cards; on a kiosk, its welcome screen. */
export function PersonTypeChoice({ buildingName, visitorTypes, onChoose, welcome }: PersonTypeChoiceProps) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const title = (
    <h1 id="choose-heading" ref={heading} tabIndex={-1}>
      {t('checkIn.welcome', { building: buildingName })}
    </h1>
  );
  return (
    <section className={welcome ? 'screen kiosk-welcome' : 'screen'} aria-labelledby="choose-heading">
      {welcome ? (
        <div className="welcome-head">
          {welcome.logo && <img className="welcome-logo" src={welcome.logo} alt="" />}
          <div className="welcome-title">
            {title}
            {welcome.text && <p className="welcome-text">{welcome.text}</p>}
          </div>
          <KioskClock />
        </div>
      ) : (
        title
      )}
      <h2 className="screen-subtitle">{t('checkIn.chooseType')}</h2>
      <ul className="type-choices">
        {visitorTypes.map((visitorType) => (
          <li key={visitorType}>
            <button type="button" className="type-button" onClick={() => onChoose(visitorType)}>
              <KioskIcon name={typeIcon[visitorType]} className="type-icon" />
              <span className="type-label">{t(`checkIn.types.${visitorType}`)}</span>
              <span className="type-hint">{t(`checkIn.typeHints.${visitorType}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      {welcome?.doors}
    </section>
  );
}
