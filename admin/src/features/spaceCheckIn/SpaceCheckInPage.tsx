import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { SpaceNow, SpaceOccurrence } from '@vestibule/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';
import { routeTable } from '../routing/index.ts';

/**
 * /spacebooking/space/{id}: what a space's QR code opens on a phone (docs/space-booking.md,
 * "Check-in and release"): who holds the space now, and the caller's own bookings of it for the
 * rest of the day, each with its Check in button once the check-in opens.
 */
export function SpaceCheckInPage() {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const { id = '' } = useParams();
  const load = useCallback(
    (signal: AbortSignal) => api.call('GET /spacebooking/space/:spaceId', { params: { spaceId: id }, signal }),
    [id],
  );
  const { state, reload } = useLoaded<SpaceNow>(load);
  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'failed')
    return (
      <Alert color="red" variant="light" title={t('spaceCheckIn.loadFailed')} maw={560}>
        {noticeText(messageFromError(state.error))}
      </Alert>
    );
  return <SpacePanel page={state.data} onChanged={reload} />;
}

function SpacePanel({ page, onChanged }: { page: SpaceNow; onChanged: () => void }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const zone = page.timeZone;
  const { current } = page;
  return (
    <Stack gap="md" maw={560}>
      <div>
        <Title order={1} size="h2">
          {page.space.name}
        </Title>
        <Text c="dimmed">{t('spaceCheckIn.where', { floor: page.space.floor, building: page.space.building })}</Text>
      </div>
      <Card withBorder padding="md" aria-labelledby="space-now">
        <Text id="space-now" fw={600} mb={4}>
          {t('spaceCheckIn.now')}
        </Text>
        {current ? (
          <Text>
            {t('spaceCheckIn.heldBy', {
              title: current.title,
              host: current.host ?? t('spaceCheckIn.someone'),
              until: format.time(current.endsAt, zone),
            })}
          </Text>
        ) : (
          <Text>{t('spaceCheckIn.free')}</Text>
        )}
      </Card>
      <section aria-labelledby="space-mine">
        <Title id="space-mine" order={2} size="h4" mb="xs">
          {t('spaceCheckIn.mine')}
        </Title>
        {page.mine.length === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text>{t('spaceCheckIn.noneToday')}</Text>
            <Button component={Link} to={routeTable.spaceMap.path} variant="light">
              {t('spaceCheckIn.bookIt')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            {page.mine.map((occurrence) => (
              <MyOccurrence key={occurrence.id} occurrence={occurrence} zone={zone} onChanged={onChanged} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

function MyOccurrence({
  occurrence,
  zone,
  onChanged,
}: {
  occurrence: SpaceOccurrence;
  zone: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const noticeText = useNoticeText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opensAt = occurrence.checkInOpensAt;
  const open = useReached(opensAt);
  const checkIn = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.call('POST /spacebooking/checkin/:id', { params: { id: occurrence.id } });
      onChanged();
    } catch (failure) {
      setError(noticeText(messageFromError(failure)));
    } finally {
      setBusy(false);
    }
  };
  const times = t('spaceCheckIn.times', {
    from: format.time(occurrence.startsAt, zone),
    to: format.time(occurrence.endsAt, zone),
  });
  return (
    <Card withBorder padding="md" component="article" aria-label={`${occurrence.title}, ${times}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600}>{occurrence.title}</Text>
          <Text size="sm">{times}</Text>
        </div>
        {occurrence.status === 'PENDING' ? (
          <Badge color="grape.9" variant="filled">
            {t('spaceCheckIn.pending')}
          </Badge>
        ) : occurrence.checkedInAt ? (
          <Badge color="teal.9" variant="filled">
            {t('spaceCheckIn.checkedIn', { at: format.time(occurrence.checkedInAt, zone) })}
          </Badge>
        ) : null}
      </Group>
      {occurrence.status === 'APPROVED' && occurrence.checkedInAt === null && (
        <Stack gap={6} mt="sm">
          <Button onClick={() => void checkIn()} loading={busy} disabled={!open} fullWidth size="md">
            {t('spaceCheckIn.checkIn')}
          </Button>
          {!open && opensAt !== null && (
            <Text size="sm">{t('spaceCheckIn.opensAt', { at: format.time(opensAt, zone) })}</Text>
          )}
          {occurrence.releasedAfter !== null && (
            <Text size="sm">
              {t('spaceCheckIn.releasedAfter', { at: format.time(occurrence.releasedAfter, zone) })}
            </Text>
          )}
        </Stack>
      )}
      {error !== null && (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {error}
        </Alert>
      )}
    </Card>
  );
}

/** Whether a moment has come, turning true when it does while the page stays open. */
function useReached(moment: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const at = moment === null ? null : Date.parse(moment);
  useEffect(() => {
    if (at === null || at <= now) return undefined;
    // Timers hold at most about 24.8 days; a check-in opens within the day.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(at - now, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [at, now]);
  return at !== null && at <= now;
}
