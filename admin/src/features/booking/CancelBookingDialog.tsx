import { Checkbox, Stack, Text, Textarea } from '@mantine/core';
import { BOOKING_COMMENT_MAX, type BookingOccurrence } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { messageFromError, notifications } from '../notifications/index.ts';

/**
 * Cancels a booking (docs/space-booking.md): the occurrence, or every occurrence to come of a
 * repeating one, with an optional comment the attendees are told.
 */
export function CancelBookingDialog({
  occurrence,
  onClose,
}: {
  occurrence: BookingOccurrence;
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [comment, setComment] = useState('');
  const [series, setSeries] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await api.call('DELETE /spacebooking/:id', {
        params: { id: series ? occurrence.seriesId : occurrence.id },
        body: comment.trim() ? { comment: comment.trim() } : {},
      });
      notifications.showSuccess({ key: 'booking.mine.cancelled' });
      onClose(true);
    } catch (error) {
      notifications.showError(messageFromError(error));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      opened
      title={t('booking.mine.cancelTitle')}
      confirmLabel={t('booking.mine.confirm')}
      cancelLabel={t('booking.mine.keep')}
      onConfirm={() => void cancel()}
      onCancel={() => onClose(false)}
      danger
      busy={busy}
    >
      <Stack gap="sm">
        <Text>
          {t('booking.mine.cancelText', { title: occurrence.title, date: format.dateTime(occurrence.startsAt) })}
        </Text>
        {occurrence.repeat !== 'NONE' && (
          <Checkbox
            label={t('booking.mine.cancelSeries')}
            checked={series}
            onChange={(event) => setSeries(event.currentTarget.checked)}
          />
        )}
        <Textarea
          label={t('booking.mine.comment')}
          value={comment}
          maxLength={BOOKING_COMMENT_MAX}
          autosize
          minRows={2}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
      </Stack>
    </ConfirmDialog>
  );
}
