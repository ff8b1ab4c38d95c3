import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  BOOKING_DESCRIPTION_MAX,
  BOOKING_TITLE_MAX,
  type BookingRepeat,
  type BookingScheduling,
  type BookingSeries,
  bookingOccurrenceRef,
  bookingRepeats,
  bookingSchedulings,
} from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { momentOnClock, onClockOf } from '../../format/dateTime.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';

/** A space the dialog may book. */
export interface BookingChoice {
  id: string;
  name: string;
  needsApproval: boolean;
}

/**
 * What the dialog books: a space (or, with none, one the user picks among `choices`), on its
 * building's clock, from a day and times it proposes.
 */
export interface BookingDraft {
  space: BookingChoice | null;
  choices?: readonly BookingChoice[];
  where: string;
  timeZone: string;
  day: string;
  from: string;
  to: string;
}

/** A booking being changed: its series and the occurrence the user opened. */
export interface BookingEdit {
  series: BookingSeries;
  occurrence: number;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A moment's day (yyyy-MM-dd) and time (HH:mm) on a zone's clock, as the date and time fields take them. */
export function clockFields(moment: Date | string, zone: string): { day: string; time: string } {
  const shown = onClockOf(new Date(moment), zone);
  return {
    day: `${shown.getFullYear()}-${twoDigits(shown.getMonth() + 1)}-${twoDigits(shown.getDate())}`,
    time: `${twoDigits(shown.getHours())}:${twoDigits(shown.getMinutes())}`,
  };
}

/** The draft of a booking being changed: its occurrence's day and times, its space. */
export function draftOfEdit(edit: BookingEdit, choices: readonly BookingChoice[] | undefined): BookingDraft {
  const { series } = edit;
  const occurrence = series.occurrences.find((o) => o.occurrence === edit.occurrence) ?? series.occurrences[0];
  const start = clockFields(occurrence?.startsAt ?? series.createdAt, series.timeZone);
  const end = clockFields(occurrence?.endsAt ?? series.createdAt, series.timeZone);
  const current = choices?.find((choice) => choice.id === series.space?.id);
  return {
    space: current ? null : { id: series.space?.id ?? '', name: series.space?.name ?? '', needsApproval: false },
    choices: current ? choices : undefined,
    where: [series.floor?.name, series.building?.name].filter(Boolean).join(', '),
    timeZone: series.timeZone,
    day: start.day,
    from: start.time,
    to: end.time,
  };
}

interface Attendee {
  firstName: string;
  lastName: string;
  email: string;
}

const noAttendee: Attendee = { firstName: '', lastName: '', email: '' };

/**
 * Books a space, or changes a booking (docs/space-booking.md): a title, the day and times on the
 * building's clock, a repeat with its last day, attendees, a description, how attendees add it
 * to their calendar and whether external attendees get an entry invitation. A change acts on the
 * occurrence opened or on every occurrence to come (their time of day; each keeps its day). The
 * server's refusals (the slot taken, the past, a limit) are shown in the dialog.
 */
export function BookingDialog({
  draft,
  editing,
  onClose,
  onCancelBooking,
}: {
  draft: BookingDraft;
  editing?: BookingEdit;
  onClose: (booked: BookingSeries | null) => void;
  /** Offered while changing a booking: closes this dialog for the cancellation's. */
  onCancelBooking?: () => void;
}) {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const series = editing?.series;
  const [title, setTitle] = useState(series?.title ?? '');
  const [spaceId, setSpaceId] = useState<string | null>(draft.space ? draft.space.id : (series?.space?.id ?? null));
  const [day, setDay] = useState(draft.day);
  const [from, setFrom] = useState(draft.from);
  const [to, setTo] = useState(draft.to);
  const [repeat, setRepeat] = useState<BookingRepeat>(series?.repeat ?? 'NONE');
  const [until, setUntil] = useState(series?.repeatUntil ?? '');
  const [scope, setScope] = useState<'one' | 'series'>('one');
  const [attendees, setAttendees] = useState<Attendee[]>(
    series?.attendees.map(({ firstName, lastName, email }) => ({ firstName, lastName, email })) ?? [],
  );
  const [description, setDescription] = useState(series?.description ?? '');
  const [scheduling, setScheduling] = useState<BookingScheduling>(series?.scheduling ?? 'ICS');
  const [createInvitation, setCreateInvitation] = useState(series?.createInvitation ?? false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [titleMissing, setTitleMissing] = useState(false);
  const [spaceMissing, setSpaceMissing] = useState(false);
  const space = draft.space ?? draft.choices?.find((choice) => choice.id === spaceId) ?? null;
  const whole = scope === 'series' && series !== undefined;

  const setAttendee = (index: number, field: keyof Attendee, value: string) =>
    setAttendees((current) =>
      current.map((attendee, at) => (at === index ? { ...attendee, [field]: value } : attendee)),
    );

  const submit = async () => {
    if (title.trim() === '' || !space) {
      setTitleMissing(title.trim() === '');
      setSpaceMissing(!space);
      return;
    }
    const startsAt = momentOnClock(day, from, draft.timeZone);
    const endsAt = momentOnClock(day, to, draft.timeZone);
    if (!startsAt || !endsAt) {
      setRefusal(t('booking.dialog.timesMissing'));
      return;
    }
    const people = attendees
      .filter((attendee) => attendee.email.trim() !== '')
      .map((attendee) => ({
        firstName: attendee.firstName.trim(),
        lastName: attendee.lastName.trim(),
        email: attendee.email.trim(),
      }));
    setBusy(true);
    setRefusal(null);
    try {
      let booked: BookingSeries;
      if (editing) {
        // Times are sent only when moved: an occurrence under way keeps its start.
        const moved = day !== draft.day || from !== draft.from || to !== draft.to;
        booked = await api.call('PATCH /spacebooking/:id', {
          params: { id: whole ? editing.series.id : bookingOccurrenceRef(editing.series.id, editing.occurrence) },
          body: {
            title: title.trim(),
            description: description.trim() || null,
            attendees: people,
            ...(space.id === editing.series.space?.id ? {} : { spaceId: space.id }),
            ...(moved ? { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() } : {}),
          },
        });
      } else {
        booked = await api.call('POST /spacebooking', {
          body: {
            spaceId: space.id,
            title: title.trim(),
            startsAt: startsAt.toISOString(),
            endsAt: endsAt.toISOString(),
            repeat,
            ...(repeat === 'NONE' ? {} : { repeatUntil: until || null }),
            ...(description.trim() ? { description: description.trim() } : {}),
            attendees: people,
            scheduling,
            createInvitation: createInvitation && people.length > 0,
          },
        });
      }
      onClose(booked);
    } catch (error) {
      setRefusal(noticeText(messageFromError(error)));
      setBusy(false);
    }
  };

  const heading = editing
    ? t('booking.dialog.editTitle', { title: editing.series.title })
    : draft.space
      ? t('booking.dialog.title', { space: draft.space.name })
      : t('booking.dialog.titleChoose');

  return (
    <AppDialog opened onClose={() => onClose(null)} title={heading} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {[draft.space && editing ? draft.space.name : null, draft.where].filter(Boolean).join(', ')}
          {space?.needsApproval ? ` · ${t('booking.dialog.needsApproval')}` : ''}
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
        {!draft.space && draft.choices && (
          <Select
            label={t('booking.dialog.space')}
            required
            data={draft.choices.map((choice) => ({
              value: choice.id,
              label: choice.needsApproval ? t('booking.dialog.spaceApproval', { name: choice.name }) : choice.name,
            }))}
            value={spaceId}
            onChange={(value) => {
              setSpaceId(value);
              setSpaceMissing(false);
            }}
            searchable
            error={spaceMissing ? t('booking.dialog.spaceMissing') : undefined}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
          />
        )}
        {series && series.repeat !== 'NONE' && (
          <Radio.Group
            label={t('booking.dialog.scope')}
            value={scope}
            onChange={(value) => setScope(value === 'series' ? 'series' : 'one')}
          >
            <Group gap="lg" mt={4}>
              <Radio value="one" label={t('booking.dialog.scopeOne')} />
              <Radio value="series" label={t('booking.dialog.scopeSeries')} />
            </Group>
          </Radio.Group>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput
            type="date"
            label={t('booking.dialog.day')}
            value={day}
            disabled={whole}
            description={whole ? t('booking.dialog.eachKeepsDay') : undefined}
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
            disabled={editing !== undefined}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
          />
          {repeat !== 'NONE' && (
            <TextInput
              type="date"
              label={t('booking.dialog.until')}
              required={!editing}
              disabled={editing !== undefined}
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
        {attendees.length > 0 && (
          <Checkbox
            label={t('booking.dialog.createInvitation')}
            description={t('booking.dialog.createInvitationHelp')}
            checked={createInvitation}
            disabled={editing !== undefined}
            onChange={(event) => setCreateInvitation(event.currentTarget.checked)}
          />
        )}
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
          onChange={(value) => setScheduling((value ?? 'ICS') as BookingScheduling)}
          allowDeselect={false}
          disabled={editing !== undefined}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
        />
        {refusal && (
          <Alert color="orange" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <DialogActions>
          {onCancelBooking && (
            <Button variant="subtle" color="red.9" mr="auto" onClick={onCancelBooking}>
              {t('booking.dialog.cancelBooking')}
            </Button>
          )}
          <Button variant="default" onClick={() => onClose(null)}>
            {t('booking.dialog.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            {editing ? t('booking.dialog.save') : t('booking.dialog.book')}
          </Button>
        </DialogActions>
      </Stack>
    </AppDialog>
  );
}
