import { Alert, Button, Card, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { BOOKING_COMMENT_MAX, type BookingApprovalSummary } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';
import { useWhen } from './bookingText.ts';

/**
 * /spacebooking/approval/{id}: the page an approver's e-mail links to (docs/space-booking.md,
 * "E-mails and calendars"): the booking's summary, then Approve or Reject with a comment. The
 * server answers 404 to someone who is not the space's approver, said here as "not yours".
 */
export function ApprovalPage() {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const { id = '' } = useParams();
  const load = useCallback(
    (signal: AbortSignal) => api.call('GET /public/spacebooking/approval/:id', { params: { id }, signal }),
    [id],
  );
  const { state } = useLoaded<BookingApprovalSummary>(load);
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {t('booking.approval.title')}
      </Title>
      {state.kind === 'loading' ? (
        <Spinner />
      ) : state.kind === 'failed' ? (
        <Alert color="red" variant="light" title={t('booking.loadFailed')}>
          {noticeText(messageFromError(state.error))}
        </Alert>
      ) : (
        <Decision summary={state.data} refId={id} />
      )}
    </Stack>
  );
}

function Decision({ summary, refId }: { summary: BookingApprovalSummary; refId: string }) {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const when = useWhen();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'refused'; text: string } | null>(null);
  const pending = summary.occurrences.filter((occurrence) => occurrence.status === 'PENDING');

  const decide = async (approved: boolean) => {
    setBusy(true);
    try {
      const answer = await api.call('PATCH /spacebooking/approve/:id', {
        params: { id: refId },
        body: { approved, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      });
      setOutcome({
        kind: 'done',
        text: approved ? t('booking.approval.approved', { count: answer.changed }) : t('booking.approval.rejected'),
      });
    } catch (error) {
      setOutcome({
        kind: 'refused',
        text:
          error instanceof ApiError && error.status === 404
            ? t('booking.approval.notYours')
            : noticeText(messageFromError(error)),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3">
            {summary.title}
          </Title>
          <Text>{t('booking.where', { space: summary.space, floor: summary.floor, building: summary.building })}</Text>
          <Text c="dimmed">
            {t('booking.approval.intro', { host: summary.host ?? t('booking.approval.someone') })}{' '}
            {t('booking.approval.attendees', { count: summary.attendeesCount })}
          </Text>
        </div>
        <div>
          <Text fw={600}>{t('booking.approval.occurrences')}</Text>
          <List size="sm">
            {summary.occurrences.map((occurrence) => (
              <List.Item key={occurrence.id}>
                {when(occurrence, summary.timeZone)} · {t(`booking.statuses.${occurrence.status}`)}
              </List.Item>
            ))}
          </List>
        </div>
        {outcome ? (
          <Alert color={outcome.kind === 'done' ? 'green' : 'red'} variant="light" role="status">
            {outcome.text}
          </Alert>
        ) : pending.length === 0 ? (
          <Alert color="gray" variant="light">
            {t('booking.approval.nothingPending')}
          </Alert>
        ) : (
          <>
            <Textarea
              label={t('booking.approval.comment')}
              value={comment}
              maxLength={BOOKING_COMMENT_MAX}
              autosize
              minRows={2}
              onChange={(event) => setComment(event.currentTarget.value)}
            />
            <Group>
              <Button loading={busy} onClick={() => void decide(true)}>
                {t('booking.approval.approve')}
              </Button>
              <Button color="red" variant="light" disabled={busy} onClick={() => void decide(false)}>
                {t('booking.approval.reject')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
