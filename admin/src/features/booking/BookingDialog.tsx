import { ActionIcon, Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  BOOKING_DESCRIPTION_MAX,
  BOOKING_TITLE_MAX,
  type BookingRepeat,
  type BookingSeries,
  bookingRepeats,
  bookingSchedulings,
} from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { momentOnClock } from '../../format/dateTime.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';

/** What the dialog books: a space, on its building's clock, from a day and times it proposes. */
export interface BookingDraft {
  space: { id: string; name: string; needsApproval: boolean };
  where: string;
  timeZone: string;
  day: string;
  from: string;
  to: string;
}

interface Attendee {
  firstName: string;
  lastName: string;
  email: string;
}

const noAttendee: Attendee = { firstName: '', lastName: '', email: '' };

/**
 * Books a space (docs/space-booking.md): a title, the day and times on the building's clock, a
 * repeat with its last day, attendees, a description and how attendees add it to their
 * calendar. The server's refusals (the slot taken, the past, a limit) are shown in the dialog.
 */
export function BookingDialog({
  draft,
  onClose,
}: {
  draft: BookingDraft;
  onClose: (booked: BookingSeries | null) => void;
}) {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const [title, setTitle] = useState('');
  const [day, setDay] = useState(draft.day);
  const [from, setFrom] = useState(draft.from);
  const [to, setTo] = useState(draft.to);
  const [repeat, setRepeat] = useState<BookingRepeat>('NONE');
  const [until, setUntil] = useState('');
  const [attendees, setAttendees] = useState<Attendee[]>([]);
  const [description, setDescription] = useState('');
  const [scheduling, setScheduling] = useState<(typeof bookingSchedulings)[number]>('ICS');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [titleMissing, setTitleMissing] = useState(false);

  const setAttendee = (index: number, field: keyof Attendee, value: string) =>
    setAttendees((current) =>
      current.map((attendee, at) => (at === index ? { ...attendee, [field]: value } : attendee)),
    );

  const submit = async () => {
    if (title.trim() === '') {
      setTitleMissing(true);
      return;
    }
    const startsAt = momentOnClock(day, from, draft.timeZone);
    const endsAt = momentOnClock(day, to, draft.timeZone);
    if (!startsAt || !endsAt) {
      setRefusal(t('booking.dialog.timesMissing'));
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const booked = await api.call('POST /spacebooking', {
        body: {
          spaceId: draft.space.id,
          title: title.trim(),
          startsAt: startsAt.toISOString(),
          endsAt: endsAt.toISOString(),
          repeat,
          ...(repeat === 'NONE' ? {} : { repeatUntil: until || null }),
          ...(description.trim() ? { description: description.trim() } : {}),
          attendees: attendees
            .filter((attendee) => attendee.email.trim() !== '')
            .map((attendee) => ({
              firstName: attendee.firstName.trim(),
              lastName: attendee.lastName.trim(),
              email: attendee.email.trim(),
            })),
          scheduling,
        },
      });
      onClose(booked);
    } catch (error) {
      setRefusal(noticeText(messageFromError(error)));
      setBusy(false);
    }
  };

  return (
    <AppDialog
      opened
      onClose={() => onClose(null)}
      title={t('booking.dialog.title', { space: draft.space.name })}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {draft.where}
          {draft.space.needsApproval ? ` · ${t('booking.dialog.needsApproval')}` : ''}
        </Text>
        <TextInput
          label={t('booking.dialog.name')}
          required
          maxLength={BOOKING_TITLE_MAX}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setTitleMissing(false);
          }}
          error={titleMissing ? t('booking.dialog.nameMissing') : undefined}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput
            type="date"
            label={t('booking.dialog.day')}
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
          />
          <TextInput
            type="time"
            label={t('booking.dialog.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="time"
            label={t('booking.dialog.to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t('booking.dialog.repeat')}
            data={bookingRepeats.map((value) => ({ value, label: t(`booking.repeats.${value}`) }))}
            value={repeat}
            onChange={(value) => setRepeat((value ?? 'NONE') as BookingRepeat)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
          />
          {repeat !== 'NONE' && (
            <TextInput
              type="date"
              label={t('booking.dialog.until')}
              required
              value={until}
              onChange={(event) => setUntil(event.currentTarget.value)}
            />
          )}
        </SimpleGrid>
        <Text size="sm" fw={500}>
          {t('booking.dialog.attendees')}
        </Text>
        {attendees.map((attendee, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('booking.dialog.firstName')}
              value={attendee.firstName}
              onChange={(event) => setAttendee(index, 'firstName', event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <TextInput
              label={t('booking.dialog.lastName')}
              value={attendee.lastName}
              onChange={(event) => setAttendee(index, 'lastName', event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <TextInput
              type="email"
              label={t('booking.dialog.email')}
              value={attendee.email}
              onChange={(event) => setAttendee(index, 'email', event.currentTarget.value)}
              style={{ flex: 2 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('booking.dialog.removeAttendee', { number: index + 1 })}
              onClick={() => setAttendees((current) => current.filter((_, at) => at !== index))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button variant="subtle" onClick={() => setAttendees((current) => [...current, noAttendee])} w="fit-content">
          {t('booking.dialog.addAttendee')}
        </Button>
        <Textarea
          label={t('booking.dialog.description')}
          maxLength={BOOKING_DESCRIPTION_MAX}
          autosize
          minRows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Select
          label={t('booking.dialog.scheduling')}
          data={bookingSchedulings.map((value) => ({ value, label: t(`booking.schedulings.${value}`) }))}
          value={scheduling}
          onChange={(value) => setScheduling((value ?? 'ICS') as (typeof bookingSchedulings)[number])}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
        />
        {refusal && (
          <Alert color="orange" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <DialogActions>
          <Button variant="default" onClick={() => onClose(null)}>
            {t('booking.dialog.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            {t('booking.dialog.book')}
          </Button>
        </DialogActions>
      </Stack>
    </AppDialog>
  );
}
