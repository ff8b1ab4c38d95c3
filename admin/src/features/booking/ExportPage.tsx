import { Alert, Button, Card, Group, List, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BookingExport, BookingPeople } from '@vestibule/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';
import { useWhen } from './bookingText.ts';

/**
 * /spacebooking/export/{key}: a booking's page by its export key, no sign-in (docs/space-booking.md,
 * "Public calls"): the event, its calendar file, its Google Calendar link, its people, and
 * "e-mail it to the attendees again".
 */
export function ExportPage() {
  const { t } = useTranslation();
  const { id: key = '' } = useParams();
  const load = useCallback(
    (signal: AbortSignal) =>
      Promise.all([
        api.call('GET /public/spacebooking/export/:key', { params: { key }, signal }),
        api.call('GET /public/spacebooking/people/:key', { params: { key }, signal }),
      ]),
    [key],
  );
  const { state } = useLoaded<[BookingExport, BookingPeople]>(load);
  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'failed')
    return (
      <Alert color="red" variant="light" title={t('booking.loadFailed')} maw={640}>
        {t('booking.export.notFound')}
      </Alert>
    );
  const [event, people] = state.data;
  return <ExportedEvent event={event} people={people} exportKey={key} />;
}

function ExportedEvent({
  event,
  people,
  exportKey,
}: {
  event: BookingExport;
  people: BookingPeople;
  exportKey: string;
}) {
  const { t, i18n } = useTranslation();
  const noticeText = useNoticeText();
  const when = useWhen();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ ok: boolean; text: string } | null>(null);
  const emailAgain = async () => {
    setBusy(true);
    try {
      const answer = await api.call('POST /public/spacebooking/email', { body: { spacebookingId: exportKey } });
      setSent({
        ok: true,
        text: answer.sent === 0 ? t('booking.export.sentNone') : t('booking.export.sent', { count: answer.sent }),
      });
    } catch (error) {
      setSent({ ok: false, text: noticeText(messageFromError(error)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md" maw={640}>
      <div>
        <Text c="dimmed">{t('booking.export.title')}</Text>
        <Title order={1} size="h2">
          {event.title}
        </Title>
        <Text>{t('booking.where', { space: event.space, floor: event.floor, building: event.building })}</Text>
        {event.address && <Text size="sm">{t('booking.export.address', { address: event.address })}</Text>}
      </div>
      <Card withBorder padding="md">
        <Stack gap="xs">
          <List size="sm">
            {event.occurrences.map((occurrence) => (
              <List.Item key={occurrence.id}>
                {when(occurrence, event.timeZone)}
                {occurrence.status === 'APPROVED' ? '' : ` · ${t(`booking.statuses.${occurrence.status}`)}`}
              </List.Item>
            ))}
          </List>
          {event.description && <Text size="sm">{event.description}</Text>}
          {people.host && <Text size="sm">{t('booking.export.host', { host: people.host })}</Text>}
        </Stack>
      </Card>
      <section aria-labelledby="export-people">
        <Title id="export-people" order={2} size="h4" mb={4}>
          {t('booking.export.people')}
        </Title>
        {people.attendees.length === 0 ? (
          <Text size="sm">{t('booking.export.noPeople')}</Text>
        ) : (
          <List size="sm">
            {people.attendees.map((attendee, index) => (
              <List.Item key={index}>
                {`${attendee.firstName} ${attendee.lastName}`.trim()}
                {attendee.role ? ` (${attendee.role})` : ''}
              </List.Item>
            ))}
          </List>
        )}
      </section>
      <Group>
        <Button component="a" href={event.icsPath} download="booking.ics">
          {t('booking.export.ics')}
        </Button>
        <Button
          component="a"
          variant="light"
          href={`${event.pdfPath}?locale=${encodeURIComponent(i18n.resolvedLanguage ?? i18n.language)}`}
          download="booking.pdf"
        >
          {t('booking.export.pdf')}
        </Button>
        <Button component="a" variant="light" href={event.googleLink} target="_blank" rel="noreferrer">
          {t('booking.export.google')}
          <VisuallyHidden>{` (${t('booking.export.newTab')})`}</VisuallyHidden>
        </Button>
        <Button variant="subtle" loading={busy} onClick={() => void emailAgain()}>
          {t('booking.export.email')}
        </Button>
      </Group>
      {sent && (
        <Alert color={sent.ok ? 'green' : 'red'} variant="light" role="status">
          {sent.text}
        </Alert>
      )}
    </Stack>
  );
}
