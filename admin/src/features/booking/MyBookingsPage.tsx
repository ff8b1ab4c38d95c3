import { Alert, Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { type BookingOccurrence, dayInZone } from '@vestibule/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { Page } from '../../components/Page.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';
import { routeTable } from '../routing/index.ts';
import { useSession } from '../session/index.ts';
import { statusColours, useWhen } from './bookingText.ts';
import { CancelBookingDialog } from './CancelBookingDialog.tsx';

/** The viewer's own time zone, the calendar's. */
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** How many occurrences a tab shows: a person's own bookings fit. */
const SHOWN = 100;

/**
 * /booking: the signed-in user's own bookings (those they host), the next first, or the past ones
 * the latest first; each with its status, and Cancel for those to come (docs/space-booking.md).
 */
export function MyBookingsPage() {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const userId = useSession((state) => state.user?.id);
  const [tab, setTab] = useState<'upcoming' | 'past'>('upcoming');
  const [now] = useState(() => new Date().toISOString());
  const load = useCallback(
    (signal: AbortSignal) =>
      api
        .call('GET /spacebooking', {
          query:
            tab === 'upcoming'
              ? { hostId: userId, from: now, sort: 'startsAt', order: 1, limit: SHOWN }
              : { hostId: userId, to: now, sort: 'startsAt', order: -1, limit: SHOWN },
          signal,
        })
        .then((page) => page.docs),
    [tab, userId, now],
  );
  const { state, reload } = useLoaded<BookingOccurrence[]>(userId ? load : null);
  const [cancelling, setCancelling] = useState<BookingOccurrence | null>(null);

  return (
    <Page title={t('pages.booking.title')}>
      <Stack gap="md" maw={760}>
        <Text>{t('booking.mine.intro')}</Text>
        <Group justify="space-between">
          <SegmentedControl
            value={tab}
            onChange={(value) => setTab(value === 'past' ? 'past' : 'upcoming')}
            data={[
              { value: 'upcoming', label: t('booking.mine.upcoming') },
              { value: 'past', label: t('booking.mine.past') },
            ]}
          />
          <Button component={Link} to={routeTable.spaceMap.path} variant="light">
            {t('booking.mine.bookSpace')}
          </Button>
        </Group>
        {state.kind === 'loading' ? (
          <Spinner />
        ) : state.kind === 'failed' ? (
          <Alert color="red" variant="light" title={t('booking.loadFailed')}>
            {noticeText(messageFromError(state.error))}
          </Alert>
        ) : state.data.length === 0 ? (
          <Text>{tab === 'upcoming' ? t('booking.mine.empty') : t('booking.mine.emptyPast')}</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {state.data.map((occurrence) => (
              <OccurrenceCard
                key={occurrence.id}
                occurrence={occurrence}
                onCancel={tab === 'upcoming' ? () => setCancelling(occurrence) : undefined}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {cancelling && (
        <CancelBookingDialog
          occurrence={cancelling}
          onClose={(done) => {
            setCancelling(null);
            if (done) reload();
          }}
        />
      )}
    </Page>
  );
}

function OccurrenceCard({
  occurrence,
  onCancel,
}: {
  occurrence: BookingOccurrence;
  onCancel: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const when = useWhen();
  // On the building's clock, as the booking was made (the zone named when it is not the viewer's).
  const zone = useSession((state) =>
    state.buildings.find((building) => building.id === occurrence.building?.id),
  )?.timeZoneId;
  const holding = occurrence.status === 'PENDING' || occurrence.status === 'APPROVED';
  return (
    <Card withBorder padding="md" component="li" aria-label={occurrence.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600}>{occurrence.title}</Text>
          <Text size="sm">{when(occurrence, zone)}</Text>
          <Text size="sm" c="dimmed">
            {t('booking.where', {
              space: occurrence.space?.name ?? '',
              floor: occurrence.floor?.name ?? '',
              building: occurrence.building?.name ?? '',
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {[
              occurrence.repeat === 'NONE' ? null : t('booking.mine.repeats'),
              occurrence.attendeesCount > 0 ? t('booking.mine.attendees', { count: occurrence.attendeesCount }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Stack gap={6} align="flex-end">
          <Badge color={statusColours[occurrence.status]} variant="filled">
            {t(`booking.statuses.${occurrence.status}`)}
          </Badge>
          {occurrence.checkedInAt && (
            <Badge color="blue.9" variant="filled">
              {t('booking.mine.checkedIn')}
            </Badge>
          )}
          {occurrence.floor && (
            <Button
              size="xs"
              variant="subtle"
              component={Link}
              to={`${routeTable.spaceCalendar.path}?floor=${occurrence.floor.id}&date=${dayInZone(new Date(occurrence.startsAt), viewerZone())}`}
            >
              {t('booking.mine.showInCalendar', { title: occurrence.title })}
            </Button>
          )}
          {onCancel && holding && (
            <Button size="xs" variant="subtle" color="red" onClick={onCancel}>
              {t('booking.mine.cancel', { title: occurrence.title })}
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
