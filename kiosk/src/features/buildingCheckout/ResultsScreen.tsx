import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { formatTime } from '../../ui/formatTime.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import type { CheckOutTarget, FoundVisit } from './localCheckOut.ts';

interface ResultsScreenProps {
  found: FoundVisit[];
  /** Found on the device alone (the kiosk is offline). */
  offline: boolean;
  onChoose: (target: CheckOutTarget) => void;
  onSearchAgain: () => void;
}

export function ResultsScreen({ found, offline, onChoose, onSearchAgain }: ResultsScreenProps) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const locale = currentLocale();
  return (
    <section className="screen" aria-labelledby="results-heading">
      <h1 id="results-heading" ref={heading} tabIndex={-1}>
        {t('buildingCheckOut.results')}
      </h1>
      {found.length === 0 ? (
        <p className="notice notice-warning">
          {offline ? t('buildingCheckOut.noResultOffline') : t('buildingCheckOut.noResult')}
        </p>
      ) : (
        <ul className="type-choices">
          {found.map((visit) => (
            <li key={visit.key}>
              <button type="button" className="type-button" onClick={() => onChoose(visit.target)}>
                <span className="type-label">
                  {t('buildingCheckOut.result', {
                    firstName: visit.firstName,
                    lastInitial: visit.lastInitial,
                    time: formatTime(visit.checkedInAt, locale),
                  })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={onSearchAgain}>
          {t('buildingCheckOut.searchAgain')}
        </button>
      </div>
    </section>
  );
}
