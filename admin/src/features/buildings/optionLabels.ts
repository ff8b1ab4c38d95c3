import { durationToMinutes } from '@vestibule/shared';

/** "1 hour and 30 minutes", "24 heures", "5 minutos": an ISO duration in words of the language. */
export function durationLabel(duration: string, language: string): string {
  const minutes = durationToMinutes(duration);
  if (minutes === undefined) return duration;
  const unit = (name: 'hour' | 'minute', value: number) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts: string[] = [];
  if (minutes >= 60) parts.push(unit('hour', Math.floor(minutes / 60)));
  if (minutes % 60 > 0 || minutes === 0) parts.push(unit('minute', minutes % 60));
  return new Intl.ListFormat(language, { style: 'long', type: 'unit' }).format(parts);
}

const sample = { year: '2026', month: '12', day: '31', hours24: '14', hours12: '02', minutes: '05', seconds: '30' };

/** A date pattern shown by its effect on 31 December 2026. */
export function dateFormatExample(pattern: string): string {
  return pattern.replace('yyyy', sample.year).replace('MM', sample.month).replace('dd', sample.day);
}

/** A time pattern shown by its effect on 14:05:30; `a` (the day half) stays as the pattern letter's text. */
export function timeFormatExample(pattern: string, afternoon: string): string {
  return pattern
    .replace('HH', sample.hours24)
    .replace('hh', sample.hours12)
    .replace('mm', sample.minutes)
    .replace('ss', sample.seconds)
    .replace(' a', ` ${afternoon}`);
}
