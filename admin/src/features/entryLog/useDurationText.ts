import { durationToMinutes } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';

/** An ISO duration (PT1H30M) in words ("1 h 30 min"); anything else as it is. */
export function useDurationText(): (duration: string | null) => string {
  const { t } = useTranslation();
  return (duration) => {
    if (duration === null) return '';
    const total = durationToMinutes(duration);
    if (total === undefined) return duration;
    const hours = Math.floor(total / 60);
    const minutes = total % 60;
    if (hours === 0) return t('entryLog.duration.minutes', { count: minutes });
    if (minutes === 0) return t('entryLog.duration.hours', { count: hours });
    return t('entryLog.duration.hoursMinutes', { hours, minutes });
  };
}
