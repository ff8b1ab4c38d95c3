import type { DateSelectArg, EventClickArg, EventContentArg, EventDropArg, EventInput } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import {
  Alert,
  type MantineTheme,
  Select,
  SimpleGrid,
  Stack,
  Text,
  getThemeColor,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type BookingFloor,
  type BookingOccurrence,
  type BookingSeries,
  type BookingStatus,
  bookingOccurrenceRef,
  bookingStatusFilters,
  dayInZone,
  bookingStatuses,
  hasAnyRole,
} from '@vestibule/shared';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Page } from '../../components/Page.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { momentOnClock } from '../../format/dateTime.ts';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, notifications, useNoticeText } from '../notifications/index.ts';
import { useSession } from '../session/index.ts';
import {
  BookingDialog,
  type BookingChoice,
  type BookingDraft,
  type BookingEdit,
  clockFields,
  draftOfEdit,
} from './BookingDialog.tsx';
import { statusColours, useWhen } from './bookingText.ts';
import { CancelBookingDialog } from './CancelBookingDialog.tsx';
import { BookableFloor } from './BookableFloor.tsx';
import classes from './BookingCalendarPage.module.css';

type StatusFilter = (typeof bookingStatusFilters)[number];

/**
 * How a status is drawn besides its colour (docs/space-booking.md, "Screens"): its word on every
 * block, a dashed outline while waiting for approval, the title struck through once it no longer
 * holds its slot.
 */
const statusMarks: Record<BookingStatus, { dashed: boolean; struck: boolean }> = {
  APPROVED: { dashed: false, struck: false },
  PENDING: { dashed: true, struck: false },
  REJECTED: { dashed: false, struck: true },
  CANCELLED: { dashed: false, struck: true },
};

const calendarLocales = [frLocale, esLocale];
const managers = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR'] as const;
/** A week of a floor's bookings: the list's largest page. */
const WEEK_MAX = 1000;

/** A period's bookings of a floor, by the filters. */
async function loadEvents(
  filters: { floorId: string; spaceId: string | null; status: StatusFilter },
  period: { start: string; end: string },
  signal: AbortSignal,
): Promise<BookingOccurrence[]> {
  const page = await api.call('GET /spacebooking', {
    query: {
      floorId: filters.floorId,
      ...(filters.spaceId ? { spaceId: filters.spaceId } : {}),
      status: filters.status,
      from: period.start,
      to: period.end,
      sort: 'startsAt',
      order: 1,
      limit: WEEK_MAX,
    },
    signal,
  });
  return page.docs;
}

/**
 * A booking as the grid draws it: coloured by status (a dashed outline while pending), movable
 * when it is the viewer's to change, still holds its slot and is to come.
 */
function toEvent(occurrence: BookingOccurrence, theme: MantineTheme, mine: boolean): EventInput {
  const colour = getThemeColor(statusColours[occurrence.status], theme);
  const holding = occurrence.status === 'PENDING' || occurrence.status === 'APPROVED';
  const dashed = statusMarks[occurrence.status].dashed;
  return {
    id: occurrence.id,
    title: occurrence.title,
    start: occurrence.startsAt,
    end: occurrence.endsAt,
    backgroundColor: colour,
    borderColor: dashed ? '#ffffff' : colour,
    textColor: '#ffffff',
    classNames: dashed && classes.dashed ? [classes.dashed] : [],
    editable: holding && mine && occurrence.startsAt > new Date().toISOString(),
    extendedProps: { occurrence },
  };
}

/**
 * /spacebooking/calendar: a floor's bookings by day or by week on the viewer's clock, filtered by
 * space and status; drag across free time to book, click a booking to see it, or to change or
 * cancel it when it is one's own (docs/space-booking.md).
 */
export function BookingCalendarPage() {
  const { t } = useTranslation();
  // A link may name the floor and the day to open at (?floor=…&date=yyyy-MM-dd).
  const [params] = useSearchParams();
  const day = params.get('date');
  return (
    <Page title={t('pages.spaceCalendar.title')}>
      <BookableFloor initial={params.get('floor')}>
        {(floorId, picker) => (
          <FloorCalendar
            key={floorId}
            floorId={floorId}
            initialDate={day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined}
            floorPicker={picker}
          />
        )}
      </BookableFloor>
    </Page>
  );
}

function FloorCalendar({
  floorId,
  initialDate,
  floorPicker,
}: {
  floorId: string;
  initialDate: string | undefined;
  floorPicker: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const noticeText = useNoticeText();
  const theme = useMantineTheme();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const userId = useSession((state) => state.user?.id);
  const manager = useSession((state) => hasAnyRole(state.user?.role, managers));
  const calendar = useRef<FullCalendar>(null);
  const loadFloor = useCallback(
    (signal: AbortSignal) => api.call('GET /spacebooking/floor/:floorId', { params: { floorId }, signal }),
    [floorId],
  );
  const { state: layout } = useLoaded<BookingFloor>(loadFloor);
  const [spaceId, setSpaceId] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [draft, setDraft] = useState<BookingDraft | null>(null);
  const [editing, setEditing] = useState<BookingEdit | null>(null);
  const [viewing, setViewing] = useState<BookingOccurrence | null>(null);
  const [cancelling, setCancelling] = useState<BookingOccurrence | null>(null);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // The user's own clock (their profile's time format): 24 hours unless it has a day half.
  const twelveHours = useSession((state) => state.user?.timeFormat?.includes('a') ?? false);
  const clock = { hour: '2-digit', minute: '2-digit', hour12: twelveHours } as const;

  const choices: BookingChoice[] = useMemo(
    () =>
      layout.kind === 'loaded'
        ? layout.data.spaces
            .filter((space) => space.available)
            .map(({ id, name, needsApproval }) => ({ id, name, needsApproval }))
        : [],
    [layout],
  );
  const mayChange = useCallback(
    (occurrence: BookingOccurrence) => manager || occurrence.host?.id === userId,
    [manager, userId],
  );

  // The period on show, set by the grid as the user moves through days and weeks.
  const [period, setPeriod] = useState<{ start: string; end: string } | null>(null);
  const loadPeriod = useCallback(
    (signal: AbortSignal) => (period ? loadEvents({ floorId, spaceId, status }, period, signal) : Promise.resolve([])),
    [floorId, spaceId, status, period],
  );
  const { state: shown, reload } = useLoaded<BookingOccurrence[]>(loadPeriod);
  const events = useMemo(
    () =>
      shown.kind === 'loaded' ? shown.data.map((occurrence) => toEvent(occurrence, theme, mayChange(occurrence))) : [],
    [shown, theme, mayChange],
  );

  if (layout.kind === 'loading') return <Spinner />;
  if (layout.kind === 'failed')
    return (
      <Alert color="red" variant="light">
        {noticeText(messageFromError(layout.error))}
      </Alert>
    );
  const { floor } = layout.data;
  // The grid opens at the building's 08:00, on the viewer's clock.
  const opening = momentOnClock(dayInZone(new Date(), floor.timeZone), '08:00', floor.timeZone);
  const scrollTime = `${String(opening?.getHours() ?? 8).padStart(2, '0')}:00:00`;
  const where = `${floor.name}, ${floor.buildingName}`;

  const select = (selection: DateSelectArg) => {
    calendar.current?.getApi().unselect();
    if (selection.start.getTime() < Date.now()) {
      notifications.showError({ key: 'booking.calendar.past' });
      return;
    }
    const start = clockFields(selection.start, floor.timeZone);
    const end = clockFields(selection.end, floor.timeZone);
    const space = choices.find((choice) => choice.id === spaceId) ?? null;
    setDraft({
      space,
      choices: space ? undefined : choices,
      where,
      timeZone: floor.timeZone,
      day: start.day,
      from: start.time,
      to: end.day === start.day ? end.time : '23:59',
    });
  };

  const open = async (click: EventClickArg) => {
    click.jsEvent.preventDefault();
    const occurrence = click.event.extendedProps.occurrence as BookingOccurrence;
    if (!mayChange(occurrence)) {
      setViewing(occurrence);
      return;
    }
    try {
      const series = await api.call('GET /spacebooking/:id', { params: { id: occurrence.id } });
      setEditing({ series, occurrence: occurrence.occurrence });
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  /** A booking dragged or stretched on the grid: that occurrence moves. */
  const move = async (change: EventDropArg | EventResizeDoneArg) => {
    const occurrence = change.event.extendedProps.occurrence as BookingOccurrence;
    const { start, end } = change.event;
    if (!start || !end) return change.revert();
    try {
      await api.call('PATCH /spacebooking/:id', {
        params: { id: occurrence.id },
        body: { startsAt: start.toISOString(), endsAt: end.toISOString() },
      });
      notifications.showSuccess({ key: 'booking.calendar.moved', params: { title: occurrence.title } });
      reload();
    } catch (error) {
      change.revert();
      notifications.showError(messageFromError(error));
    }
  };

  const done = (booked: BookingSeries | null, changed: boolean) => {
    setDraft(null);
    setEditing(null);
    if (!booked) return;
    const pending = booked.occurrences.some((occurrence) => occurrence.status === 'PENDING');
    notifications.showSuccess({
      key: changed ? 'booking.dialog.saved' : pending ? 'booking.dialog.bookedPending' : 'booking.dialog.booked',
      params: { title: booked.title },
    });
    reload();
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} maw={960}>
        {floorPicker}
        <Select
          label={t('booking.calendar.space')}
          data={[
            { value: '', label: t('booking.calendar.allSpaces') },
            ...layout.data.spaces.map((space) => ({ value: space.id, label: space.name })),
          ]}
          value={spaceId ?? ''}
          onChange={(value) => setSpaceId(value || null)}
          allowDeselect={false}
          searchable
        />
        <Select
          label={t('booking.calendar.status')}
          data={bookingStatusFilters.map((value) => ({ value, label: t(`booking.calendar.filters.${value}`) }))}
          value={status}
          onChange={(value) => setStatus(bookingStatusFilters.find((filter) => filter === value) ?? 'all')}
          allowDeselect={false}
        />
      </SimpleGrid>
      <StatusLegend />
      {shown.kind === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {noticeText(messageFromError(shown.error))}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('booking.calendar.help', { zone })}
      </Text>
      <div className={classes.calendar}>
        <FullCalendar
          ref={calendar}
          plugins={[timeGridPlugin, interactionPlugin]}
          initialView={phone ? 'timeGridDay' : 'timeGridWeek'}
          initialDate={initialDate}
          // A phone shows a day: its title on a line of its own above the buttons.
          headerToolbar={
            phone
              ? { left: 'title', right: 'prev,today,next' }
              : { left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek' }
          }
          // Words, not the grid's icon font (its glyphs are images without a name to a screen reader).
          buttonIcons={false}
          buttonText={{
            prev: t('booking.calendar.previous'),
            next: t('booking.calendar.next'),
            today: t('booking.calendar.today'),
            day: t('booking.calendar.day'),
            week: t('booking.calendar.week'),
          }}
          slotLabelFormat={clock}
          eventTimeFormat={clock}
          locales={calendarLocales}
          locale={i18n.language}
          timeZone="local"
          firstDay={1}
          allDaySlot={false}
          nowIndicator
          scrollTime={scrollTime}
          height={phone ? 620 : 720}
          slotDuration="00:30:00"
          selectable
          selectMirror
          selectLongPressDelay={300}
          eventLongPressDelay={300}
          eventInteractive
          events={events}
          datesSet={(range) => {
            const next = { start: range.start.toISOString(), end: range.end.toISOString() };
            setPeriod((current) => (current?.start === next.start && current.end === next.end ? current : next));
          }}
          select={select}
          eventClick={(click) => void open(click)}
          eventDrop={(change) => void move(change)}
          eventResize={(change) => void move(change)}
          eventContent={(content) => <EventBlock content={content} />}
        />
      </div>
      {draft && <BookingDialog draft={draft} onClose={(booked) => done(booked, false)} />}
      {editing && (
        <BookingDialog
          draft={draftOfEdit(editing, choices)}
          editing={editing}
          onClose={(booked) => done(booked, true)}
          onCancelBooking={() => {
            const { series, occurrence } = editing;
            const found = calendar.current?.getApi().getEventById(bookingOccurrenceRef(series.id, occurrence));
            setEditing(null);
            if (found) setCancelling(found.extendedProps.occurrence as BookingOccurrence);
          }}
        />
      )}
      {viewing && <OccurrenceDialog occurrence={viewing} zone={floor.timeZone} onClose={() => setViewing(null)} />}
      {cancelling && (
        <CancelBookingDialog
          occurrence={cancelling}
          onClose={(cancelled) => {
            setCancelling(null);
            if (cancelled) reload();
          }}
        />
      )}
    </Stack>
  );
}

/** A booking on the grid: its time, its title, its space and its status in words. */
function EventBlock({ content }: { content: EventContentArg }) {
  const { t } = useTranslation();
  // The selection's shadow while dragging carries no booking: its times alone.
  const occurrence = content.event.extendedProps.occurrence as BookingOccurrence | undefined;
  if (!occurrence) return <div className={classes.blockTime}>{content.timeText}</div>;
  const marks = statusMarks[occurrence.status];
  return (
    <div className={classes.block}>
      <div className={classes.blockTime}>{content.timeText}</div>
      <div className={classes.blockTitle} style={{ textDecoration: marks.struck ? 'line-through' : undefined }}>
        {occurrence.title}
      </div>
      <div className={classes.blockMeta}>
        {occurrence.space?.name} · {t(`booking.statuses.${occurrence.status}`)}
      </div>
    </div>
  );
}

function StatusLegend() {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  return (
    <ul aria-label={t('booking.map.legend')} className={classes.legend}>
      {bookingStatuses.map((status) => (
        <li key={status}>
          <span
            aria-hidden
            className={classes.swatch}
            style={{
              background: getThemeColor(statusColours[status], theme),
              outline: statusMarks[status].dashed ? '2px dashed #ffffff' : undefined,
            }}
          />
          <span style={{ textDecoration: statusMarks[status].struck ? 'line-through' : undefined }}>
            {t(`booking.statuses.${status}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Someone else's booking: what, when, where, whose; nothing to change. */
function OccurrenceDialog({
  occurrence,
  zone,
  onClose,
}: {
  occurrence: BookingOccurrence;
  zone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <AppDialog opened onClose={onClose} title={occurrence.title}>
      <Stack gap="xs">
        <Text>{when(occurrence, zone)}</Text>
        <Text>
          {t('booking.where', {
            space: occurrence.space?.name ?? '',
            floor: occurrence.floor?.name ?? '',
            building: occurrence.building?.name ?? '',
          })}
        </Text>
        {occurrence.host && <Text>{t('booking.export.host', { host: occurrence.host.name })}</Text>}
        <Text>{t(`booking.statuses.${occurrence.status}`)}</Text>
      </Stack>
    </AppDialog>
  );
}
