import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { type AuditAction, type HistoryType, auditActions, historyTypes } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { type HistoryAnswer, type HistoryEntry, historyOf } from './operations.api.ts';

/** The object whose history is shown. */
export interface HistoryTarget {
  type: HistoryType;
  id: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const kindColor: Record<HistoryEntry['kind'], string> = {
  audit: 'blue.9',
  mail: 'grape.9',
  sync: 'orange.9',
  job: 'teal.9',
};

/** A row's way to its object's history (the kiosk sync's rows, the mailbox's e-mails). */
export function HistoryButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={onClick}
      aria-label={t('operations.history.openFor', { name: label })}
    >
      {t('operations.history.open')}
    </Button>
  );
}

/**
 * The history of one object of the company (a visit, person, user, building or kiosk): its audit
 * rows, e-mails with their delivery state, kiosk entries and the jobs' marks, oldest first. The
 * object is typed in (its kind and id) or comes from another tab's row.
 */
export function HistoryTab({
  target,
  onTarget,
}: {
  target: HistoryTarget | null;
  onTarget: (target: HistoryTarget) => void;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [type, setType] = useState<HistoryType>(target?.type ?? 'visit');
  const [id, setId] = useState(target?.id ?? '');
  const [invalid, setInvalid] = useState(false);
  const [answer, setAnswer] = useState<HistoryAnswer | null>(null);
  const [missing, setMissing] = useState(false);

  // The tab is drawn anew for each object (LogsPage keys it by the object), so it starts empty.
  useEffect(() => {
    if (!target) return;
    const controller = new AbortController();
    historyOf(target.type, target.id, controller.signal).then(
      (result) => !controller.signal.aborted && setAnswer(result),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setMissing(true);
        else notifications.showError(messageFromError(error));
      },
    );
    return () => controller.abort();
  }, [target]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = id.trim();
    setInvalid(!uuid.test(typed));
    if (uuid.test(typed)) onTarget({ type, id: typed });
  };

  const what = (item: HistoryEntry): string => {
    switch (item.kind) {
      case 'audit':
        // An action the list does not know (an older row) shows as its code.
        return (auditActions as readonly string[]).includes(item.audit.action)
          ? t(`logs.audit.actions.${item.audit.action as AuditAction}`)
          : item.audit.action;
      case 'mail':
        return t('operations.history.mailLine', { to: item.mail.to, subject: item.mail.subject });
      case 'sync':
        return t('operations.history.syncLine', {
          type: t(`operations.history.syncTypes.${item.sync.type}`),
          device: item.sync.deviceId,
          outcome: t(`operations.history.outcomes.${item.sync.outcome}`),
        });
      case 'job':
        return t(`operations.history.jobs.${item.job}`);
    }
  };

  const details = (item: HistoryEntry): string => {
    switch (item.kind) {
      case 'audit':
        return (
          item.audit.actorUsername ??
          (item.audit.actorChannel ? t(`logs.audit.channels.${item.audit.actorChannel}`) : '')
        );
      case 'mail':
        return [
          t(`logs.mailbox.statuses.${item.mail.status}`),
          `${t('operations.mailbox.attempts')}: ${item.mail.attempts}`,
          item.mail.lastError ? `${t('operations.mailbox.lastError')}: ${item.mail.lastError}` : '',
        ]
          .filter(Boolean)
          .join(' · ');
      case 'sync':
        return item.sync.errorCode ?? '';
      case 'job':
        return '';
    }
  };

  return (
    <Stack>
      <Text>{t('operations.history.description')}</Text>
      <form onSubmit={submit} aria-label={t('operations.history.title')}>
        <Group align="flex-end" gap="sm">
          <Select
            id="history-type"
            label={t('operations.history.type')}
            data={historyTypes.map((value) => ({ value, label: t(`operations.history.types.${value}`) }))}
            value={type}
            onChange={(value) => value && setType(value as HistoryType)}
            allowDeselect={false}
            w={170}
          />
          <TextInput
            id="history-id"
            label={t('operations.history.id')}
            value={id}
            onChange={(event) => setId(event.currentTarget.value)}
            error={invalid ? t('operations.history.invalidId') : undefined}
            maxLength={36}
            w={340}
          />
          <Button type="submit">{t('operations.history.show')}</Button>
        </Group>
      </form>
      {missing && <Alert color="yellow">{t('operations.history.notFound')}</Alert>}
      {answer?.truncated && <Alert color="blue">{t('operations.history.truncated')}</Alert>}
      {answer && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t('operations.history.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operations.history.when')}</Table.Th>
                <Table.Th>{t('operations.history.type')}</Table.Th>
                <Table.Th>{t('operations.history.what')}</Table.Th>
                <Table.Th>{t('operations.history.details')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>{t('operations.history.empty')}</Table.Td>
                </Table.Tr>
              )}
              {answer.items.map((item, index) => (
                <Table.Tr key={`${item.kind}-${index}`}>
                  <Table.Td>{format.dateTime(item.at)}</Table.Td>
                  <Table.Td>
                    <Badge color={kindColor[item.kind]} variant="filled">
                      {t(`operations.history.kinds.${item.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{what(item)}</Table.Td>
                  <Table.Td>{details(item)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
