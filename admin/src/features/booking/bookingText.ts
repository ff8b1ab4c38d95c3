import type { BookingStatus } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';

/** "Tue 3 Mar 2026, 09:00 to 10:00" for an occurrence, on its building's clock. */
export function useWhen(): (occurrence: { startsAt: string; endsAt: string }, zone: string | undefined) => string {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  return (occurrence, zone) =>
    t('booking.when', {
      date: format.date(occurrence.startsAt, zone),
      from: format.time(occurrence.startsAt, zone),
      to: format.time(occurrence.endsAt, zone),
    });
}

/**
 * A status's colour: filled dark shades, so white words read on them (the entry log's badges do
 * the same). The calendar's blocks take the same shades, with the status written on each.
 */
export const statusColours: Record<BookingStatus, string> = {
  PENDING: 'grape.9',
  APPROVED: 'teal.9',
  REJECTED: 'red.9',
  CANCELLED: 'gray.7',
};
