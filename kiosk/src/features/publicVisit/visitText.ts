import { durationToMinutes } from '@vestibule/shared';
import type { TFunction } from 'i18next';

/** A duration (PT1H30M) in the visitor's words: "1 h 30 min". */
export function durationText(t: TFunction<'publicVisit'>, iso: string | null): string {
  const minutes = iso ? durationToMinutes(iso) : undefined;
  if (minutes === undefined) return '';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('visitPage.durationMinutes', { count: rest });
  if (rest === 0) return t('visitPage.durationHours', { count: hours });
  return t('visitPage.durationHoursMinutes', { hours, minutes: rest });
}

/** The instant `duration` after `start` (ISO), or null. */
export function endAfter(start: string | null, duration: string): string | null {
  const minutes = durationToMinutes(duration);
  if (!start || minutes === undefined) return null;
  return new Date(new Date(start).getTime() + minutes * 60_000).toISOString();
}
