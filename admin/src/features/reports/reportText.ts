import { useTranslation } from 'react-i18next';

/** Numbers, percentages and stays as the user's language writes them. */
export function useReportText() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  return {
    count: (value: number) => integer.format(value),
    rate: (value: number | null) => (value === null ? '–' : percent.format(value)),
    /** A stay in minutes: "45 min", "2 h 05 min". */
    stay: (minutes: number | null) => {
      if (minutes === null) return '–';
      const whole = Math.round(minutes);
      if (whole < 60) return t('entryReports.duration.minutes', { minutes: integer.format(whole) });
      return t('entryReports.duration.hours', {
        hours: integer.format(Math.floor(whole / 60)),
        minutes: String(whole % 60).padStart(2, '0'),
      });
    },
  };
}
