import { useTranslation } from 'react-i18next';
import type { PublicVisit } from './publicVisit.api.ts';
import { durationText } from './visitText.ts';
import { deviceInOtherZone, formatInZone } from './zonedTime.ts';

/** What the visitor's own page shows of their visit: who, whom, when and for how long. */
export function VisitDetails({ visit }: { visit: PublicVisit }) {
  const { t, i18n } = useTranslation('publicVisit');
  const zone = visit.building.timeZoneId;
  const locale = i18n.resolvedLanguage ?? 'en';
  const name = [visit.firstName, visit.lastName].filter(Boolean).join(' ');
  const rows: [string, string][] = [
    [t('visitPage.visitor'), name],
    [t('visitPage.host'), visit.host ?? ''],
    visit.checkedInAt
      ? [t('visitPage.checkedInAt'), formatInZone(visit.checkedInAt, locale, zone)]
      : [t('visitPage.when'), formatInZone(visit.scheduledAt, locale, zone)],
    [t('visitPage.duration'), durationText(t, visit.scheduledDuration)],
    [t('visitPage.expectedEnd'), formatInZone(visit.expectedEnd, locale, zone)],
  ];
  return (
    <>
      <h2>{t('visitPage.yourVisit')}</h2>
      <dl className="visit-details">
        {rows
          .filter(([, value]) => value !== '')
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {deviceInOtherZone(zone) && <p className="field-hint">{t('visitPage.zoneNote', { zone })}</p>}
    </>
  );
}
