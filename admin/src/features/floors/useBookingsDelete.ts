import { ApiError } from '@vestibule/shared/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFromError, notifications } from '../notifications/index.ts';

type BookingsCode = 'FLOOR_HAS_FUTURE_BOOKINGS' | 'SPACE_HAS_FUTURE_BOOKINGS';

/**
 * Deleting a floor or a space after a question; when the server refuses because bookings are to
 * come (`code`, with their count), a second question offers to delete it and cancel them
 * (docs/floors-and-spaces.md). `remove(item, cancelBookings)` deletes; `removed` lets the screen
 * follow. `ask` and `bookings` are what the two ConfirmDialogs need besides their words.
 */
export function useBookingsDelete<T>(
  code: BookingsCode,
  remove: (item: T, cancelBookings: boolean) => Promise<unknown>,
  removed: (item: T) => void,
) {
  const { t } = useTranslation();
  const [item, setItem] = useState<T | null>(null);
  const [bookings, setBookings] = useState<{ item: T; count: number } | null>(null);

  const run = async (target: T, cancelBookings: boolean) => {
    setItem(null);
    setBookings(null);
    try {
      await remove(target, cancelBookings);
      notifications.showSuccess({ key: 'common.DELETED_SUCCESSFULLY' });
      removed(target);
    } catch (error) {
      if (!cancelBookings && error instanceof ApiError && error.errorCode === code) {
        setBookings({ item: target, count: Number(error.params?.count ?? 0) });
        return;
      }
      notifications.showError(messageFromError(error));
    }
  };

  return {
    /** The item asked about, while either question is open. */
    item: item ?? bookings?.item ?? null,
    /** How many bookings to come the second question is about. */
    count: bookings?.count ?? 0,
    ask: (next: T) => setItem(() => next),
    first: {
      opened: item !== null,
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () => item !== null && void run(item, false),
      onCancel: () => setItem(null),
    },
    second: {
      opened: bookings !== null,
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () => bookings !== null && void run(bookings.item, true),
      onCancel: () => setBookings(null),
    },
  };
}
