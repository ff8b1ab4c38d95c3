import type { WizardVisitorType } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { pagePath } from '../../app/router.ts';
import { Link } from '../../ui/Link.tsx';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';

interface PersonTypeChoiceProps {
  buildingName: string;
  visitorTypes: readonly WizardVisitorType[];
  onChoose: (visitorType: WizardVisitorType) => void;
  /** On a kiosk: the building's self check-out page. */
  checkOutKey: string | null;
}

/** The first screen: who is checking in, as large buttons. */
export function PersonTypeChoice({ buildingName, visitorTypes, onChoose, checkOutKey }: PersonTypeChoiceProps) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="screen" aria-labelledby="choose-heading">
      <h1 id="choose-heading" ref={heading} tabIndex={-1}>
        {t('checkIn.welcome', { building: buildingName })}
      </h1>
      <h2 className="screen-subtitle">{t('checkIn.chooseType')}</h2>
      <ul className="type-choices">
        {visitorTypes.map((visitorType) => (
          <li key={visitorType}>
            <button type="button" className="type-button" onClick={() => onChoose(visitorType)}>
              <span className="type-label">{t(`checkIn.types.${visitorType}`)}</span>
              <span className="type-hint">{t(`checkIn.typeHints.${visitorType}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      {checkOutKey !== null && (
        <p className="leaving">
          <span>{t('checkIn.leaving')}</span>{' '}
          <Link className="button secondary" href={pagePath('buildingCheckOut', checkOutKey)}>
            {t('checkIn.checkOut')}
          </Link>
        </p>
      )}
    </section>
  );
}
