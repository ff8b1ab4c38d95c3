import { Alert, Group, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import {
  type BookingFloor,
  type BookingFloorSpace,
  type BookingOccurrence,
  type BookingSeries,
  type Whereabouts,
  dayInZone,
  shapeCentre,
} from '@vestibule/shared';
import { type KeyboardEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { Page } from '../../components/Page.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { momentOnClock } from '../../format/dateTime.ts';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, notifications, useNoticeText } from '../notifications/index.ts';
import { BLANK_PLAN, PlanPatterns, ShapeElement, SpaceFigure, useKindLetters } from '../spaces/index.ts';
import { BookableFloor } from './BookableFloor.tsx';
import { BookingDialog, type BookingDraft } from './BookingDialog.tsx';
import { WhoIsWhere } from './WhoIsWhere.tsx';

/** Where a space stands for the slot: free, free with an approver's say, taken, or closed. */
type SpaceState = 'free' | 'approval' | 'busy' | 'closed';

/**
 * How a state is drawn, never by colour alone: free spaces solid, those needing approval with a
 * dashed outline, taken and closed ones hatched (docs/space-booking.md, "Screens").
 */
const stateStyles: Record<SpaceState, { fill: string; stroke: string; dashed: boolean; hatched: boolean }> = {
  free: { fill: '#2e7d32', stroke: '#1b5e20', dashed: false, hatched: false },
  approval: { fill: '#f9a825', stroke: '#8d6e00', dashed: true, hatched: false },
  busy: { fill: '#c62828', stroke: '#8e0000', dashed: false, hatched: true },
  closed: { fill: '#757575', stroke: '#424242', dashed: false, hatched: true },
};

const HOUR_MS = 3_600_000;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The next whole hour on the viewer's clock, and the hour after, as HH:mm. */
function nextHour(): { from: string; to: string } {
  const hour = new Date(Date.now() + HOUR_MS).getHours();
  return { from: `${twoDigits(hour)}:00`, to: `${twoDigits(Math.min(hour + 1, 23))}:${hour + 1 > 23 ? '59' : '00'}` };
}

/**
 * /spacebooking/map: pick a floor, a day and a time; the floor's plan shows its spaces free, free
 * with approval, or taken for that slot; a free space opens the booking dialog (docs/space-booking.md).
 */
export function BookingMapPage() {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => dayInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone));
  const [{ from, to }, setSlot] = useState(nextHour);

  return (
    <Page title={t('pages.spaceMap.title')}>
      <Stack gap="md">
        <BookableFloor>
          {(floorId, picker) => (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} maw={960}>
                {picker}
                <TextInput
                  type="date"
                  label={t('booking.map.day')}
                  value={day}
                  onChange={(e) => setDay(e.currentTarget.value)}
                />
                <TextInput
                  type="time"
                  label={t('booking.map.from')}
                  value={from}
                  onChange={(e) => setSlot({ from: e.currentTarget.value, to })}
                />
                <TextInput
                  type="time"
                  label={t('booking.map.to')}
                  value={to}
                  onChange={(e) => setSlot({ from, to: e.currentTarget.value })}
                />
              </SimpleGrid>
              <FloorMap key={floorId} floorId={floorId} day={day} from={from} to={to} />
            </>
          )}
        </BookableFloor>
      </Stack>
    </Page>
  );
}

function FloorMap({ floorId, day, from, to }: { floorId: string; day: string; from: string; to: string }) {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const loadFloor = useCallback(
    (signal: AbortSignal) => api.call('GET /spacebooking/floor/:floorId', { params: { floorId }, signal }),
    [floorId],
  );
  const { state: layout } = useLoaded<BookingFloor>(loadFloor);
  const zone = layout.kind === 'loaded' ? layout.data.floor.timeZone : undefined;
  const slot = useMemo(() => {
    if (!zone) return null;
    const start = momentOnClock(day, from, zone);
    const end = momentOnClock(day, to, zone);
    return start && end && end > start ? { start, end } : null;
  }, [day, from, to, zone]);
  const loadTaken = useCallback(
    (signal: AbortSignal) =>
      slot
        ? api
            .call('GET /spacebooking', {
              query: { floorId, from: slot.start.toISOString(), to: slot.end.toISOString(), limit: 1000 },
              signal,
            })
            .then((page) => page.docs)
        : Promise.resolve([]),
    [floorId, slot],
  );
  // A booking made here reloads what is taken.
  const { state: taken, reload } = useLoaded<BookingOccurrence[]>(layout.kind === 'loaded' ? loadTaken : null);
  const [draft, setDraft] = useState<BookingDraft | null>(null);
  const letters = useKindLetters();
  const loadWhereabouts = useCallback(
    (signal: AbortSignal) =>
      api.call('GET /spacebooking/whereabouts/:floorId', { params: { floorId }, query: { date: day }, signal }),
    [floorId, day],
  );
  const { state: whereabouts } = useLoaded<Whereabouts>(loadWhereabouts);
  const [pointed, setPointed] = useState<string | null>(null);

  if (layout.kind === 'loading') return <Spinner />;
  if (layout.kind === 'failed')
    return (
      <Alert color="red" variant="light">
        {noticeText(messageFromError(layout.error))}
      </Alert>
    );
  const { floor, spaces } = layout.data;
  const busy = new Set(
    (taken.kind === 'loaded' ? taken.data : [])
      .filter((occurrence) => occurrence.status === 'PENDING' || occurrence.status === 'APPROVED')
      .map((occurrence) => occurrence.space?.id),
  );
  const stateOf = (space: BookingFloorSpace): SpaceState =>
    !space.available ? 'closed' : busy.has(space.id) ? 'busy' : space.needsApproval ? 'approval' : 'free';
  const open = (space: BookingFloorSpace) => {
    const state = stateOf(space);
    if (state === 'busy' || state === 'closed' || !slot) return;
    setDraft({
      space: { id: space.id, name: space.name, needsApproval: space.needsApproval },
      where: `${floor.name}, ${floor.buildingName}`,
      timeZone: floor.timeZone,
      day,
      from,
      to,
    });
  };
  const size = floor.image ?? BLANK_PLAN;
  const placed = spaces.filter((space) => space.shape !== null);
  // Who is where, when the company shares it: a dot on each space someone booked that day.
  const shared = whereabouts.kind === 'loaded' && whereabouts.data.shared ? whereabouts.data.people : null;
  const occupied = new Set(shared?.map((person) => person.spaceId));
  const free = spaces.filter((space) => ['free', 'approval'].includes(stateOf(space))).length;
  const label = (space: BookingFloorSpace) =>
    t('booking.map.spaceLabel', { name: space.name, state: t(`booking.map.states.${stateOf(space)}`) });

  return (
    <Stack gap="sm">
      {!slot && (
        <Alert color="orange" variant="light">
          {t('booking.map.slotInvalid')}
        </Alert>
      )}
      <Legend />
      <Text size="sm">{floor.image ? t('booking.map.pick') : t('booking.map.noPlan')}</Text>
      {floor.image && (
        <div style={{ overflowX: 'auto' }}>
          <svg
            viewBox={`0 0 ${size.width} ${size.height}`}
            style={{ width: '100%', minWidth: 480, height: 'auto', display: 'block', border: '1px solid #bdbdbd' }}
            role="group"
            aria-label={t('booking.map.planLabel', { floor: floor.name, free, count: spaces.length, from, to })}
          >
            <PlanPatterns prefix="booking" />
            <image href={floor.image.url} x={0} y={0} width={size.width} height={size.height} />
            {placed.map((space) => {
              const state = stateOf(space);
              const style = stateStyles[state];
              const bookable = (state === 'free' || state === 'approval') && slot !== null;
              const onKey = (event: KeyboardEvent<SVGGElement>) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  open(space);
                }
              };
              return (
                <g
                  key={space.id}
                  role={bookable ? 'button' : 'img'}
                  tabIndex={bookable ? 0 : undefined}
                  aria-label={label(space)}
                  data-state={state}
                  style={{ cursor: bookable ? 'pointer' : 'default' }}
                  onClick={() => open(space)}
                  onKeyDown={bookable ? onKey : undefined}
                >
                  <ShapeElement
                    shape={space.shape!}
                    size={size}
                    fill={style.fill}
                    fillOpacity={0.35}
                    stroke={space.id === pointed ? '#1565c0' : style.stroke}
                    strokeWidth={space.id === pointed ? 6 : 2}
                    strokeDasharray={style.dashed ? '8 5' : undefined}
                    vectorEffect="non-scaling-stroke"
                  />
                  {style.hatched && (
                    <ShapeElement shape={space.shape!} size={size} fill="url(#booking-hatch)" fillOpacity={0.5} />
                  )}
                </g>
              );
            })}
            {placed
              .filter((space) => occupied.has(space.id))
              .map((space) => {
                const centre = shapeCentre(space.shape!);
                const at = { x: centre.x * size.width, y: centre.y * size.height };
                const radius = Math.max(size.width, size.height) / (space.id === pointed ? 60 : 110);
                return (
                  <circle
                    key={`who-${space.id}`}
                    aria-hidden
                    cx={at.x}
                    cy={at.y - radius * 2}
                    r={radius}
                    fill="#1565c0"
                    stroke="#ffffff"
                    strokeWidth={2}
                    vectorEffect="non-scaling-stroke"
                    pointerEvents="none"
                  />
                );
              })}
            {/* The letters and names over every shape, apart from the focusable spaces (their names are their labels). */}
            {placed.map((space) => (
              <SpaceFigure
                key={space.id}
                space={space}
                shape={space.shape!}
                size={size}
                letter={letters[space.kind]}
                showName
                hatch="booking-hatch"
                part="labels"
              />
            ))}
          </svg>
        </div>
      )}
      <section aria-label={t('booking.map.list')}>
        <Group gap="xs">
          {spaces.map((space) => {
            const state = stateOf(space);
            const bookable = (state === 'free' || state === 'approval') && slot !== null;
            return (
              <UnstyledButton
                key={space.id}
                onClick={() => open(space)}
                disabled={!bookable}
                aria-label={label(space)}
                style={{
                  padding: '4px 10px',
                  borderRadius: 6,
                  border: `2px ${stateStyles[state].dashed ? 'dashed' : 'solid'} ${stateStyles[state].stroke}`,
                  opacity: bookable ? 1 : 0.65,
                  textDecoration: bookable ? 'none' : 'line-through',
                }}
              >
                <Text size="sm">{space.name}</Text>
              </UnstyledButton>
            );
          })}
        </Group>
      </section>
      {shared && <WhoIsWhere people={shared} zone={floor.timeZone} pointed={pointed} onPoint={setPointed} />}
      {draft && (
        <BookingDialog
          draft={draft}
          onClose={(booked: BookingSeries | null) => {
            setDraft(null);
            if (!booked) return;
            const pending = booked.occurrences.some((occurrence) => occurrence.status === 'PENDING');
            notifications.showSuccess({
              key: pending ? 'booking.dialog.bookedPending' : 'booking.dialog.booked',
              params: { title: booked.title },
            });
            reload();
          }}
        />
      )}
    </Stack>
  );
}

function Legend() {
  const { t } = useTranslation();
  const states: SpaceState[] = ['free', 'approval', 'busy', 'closed'];
  return (
    <ul
      aria-label={t('booking.map.legend')}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 16, listStyle: 'none', padding: 0, margin: 0 }}
    >
      {states.map((state) => {
        const style = stateStyles[state];
        return (
          <li key={state} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <svg width={28} height={20} aria-hidden>
              <PlanPatterns prefix={`legend-${state}`} />
              <rect
                x={1}
                y={1}
                width={26}
                height={18}
                fill={style.fill}
                fillOpacity={0.35}
                stroke={style.stroke}
                strokeWidth={2}
                strokeDasharray={style.dashed ? '5 3' : undefined}
              />
              {style.hatched && <rect x={1} y={1} width={26} height={18} fill={`url(#legend-${state}-hatch)`} />}
            </svg>
            <span>{t(`booking.map.states.${state}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}
