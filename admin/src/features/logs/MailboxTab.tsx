import { Alert, Badge, Button, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { type MailState, type MailboxFilter, mailStates } from '@vestibule/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogToolbar } from './LogToolbar.tsx';
import { IconSearch } from '../../components/ListIcons.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { HistoryButton, type HistoryTarget } from './HistoryTab.tsx';
import { type MailboxPage, type OutboxMail, listMailbox } from './mailbox.api.ts';
import { mailboxCsv, periodOf } from './operations.api.ts';

const statusColor: Record<OutboxMail['status'], string> = { PENDING: 'gray.7', SENT: 'teal.9', FAILED: 'red.9' };
const COLUMNS = 7;

interface Filters {
  from: string;
  to: string;
  status: MailState | null;
  recipient: string;
}

function filterOf(filters: Filters): MailboxFilter {
  return {
    ...periodOf(filters),
    status: filters.status ?? undefined,
    recipient: filters.recipient.trim() || undefined,
  };
}

/**
 * The mailbox, the e-mail delivery log: every e-mail the service wrote, newest first, even without
 * an SMTP server, and every host's message by Slack, Teams or SMS (docs/host-notifications.md);
 * its channel, its state (waiting and retried, sent, failed), its attempts, the SMTP server's last
 * answer or the provider's; by days, state and recipient; the same rows as CSV. An e-mail about a
 * visit, person or user opens that object's history.
 */
export function MailboxTab({ onHistory }: { onHistory: (target: HistoryTarget) => void }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [filters, setFilters] = useState<Filters>({ from: '', to: '', status: null, recipient: '' });
  const [recipient] = useDebouncedValue(filters.recipient, 300);
  const [data, setData] = useState<MailboxPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const { from, to, status } = filters;

  useEffect(() => {
    const controller = new AbortController();
    listMailbox(filterOf({ from, to, status, recipient }), page, limit, controller.signal)
      .then((result) => {
        setData(result);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [from, to, status, recipient, page, limit, reload]);

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((now) => ({ ...now, [key]: value }));
    setPage(1);
  };

  return (
    <Stack>
      <Text>{t('logs.mailbox.description')}</Text>
      <LogToolbar
        idPrefix="mail"
        from={filters.from}
        to={filters.to}
        onFrom={(day) => set('from', day)}
        onTo={(day) => set('to', day)}
        refreshLabel={t('logs.mailbox.refresh')}
        onRefresh={() => setReload((n) => n + 1)}
        csvFileName="mailbox.csv"
        csv={() => mailboxCsv(filterOf(filters))}
      >
        <Select
          id="mail-state"
          label={t('operations.mailbox.state')}
          placeholder={t('operations.mailbox.anyState')}
          data={mailStates.map((value) => ({ value, label: t(`logs.mailbox.statuses.${value}`) }))}
          value={filters.status}
          onChange={(value) => set('status', value as MailState | null)}
          clearable
          w={170}
        />
        <TextInput
          id="mail-recipient"
          type="search"
          label={t('operations.mailbox.recipient')}
          leftSection={<IconSearch />}
          value={filters.recipient}
          onChange={(event) => set('recipient', event.currentTarget.value)}
          maxLength={200}
          w={240}
        />
      </LogToolbar>
      {failed && <Alert color="red">{t('logs.mailbox.loadFailed')}</Alert>}
      {data && data.docs.length === 0 && <Text>{t('logs.mailbox.empty')}</Text>}
      {data && data.docs.length > 0 && (
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover aria-label={t('logs.mailbox.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('logs.mailbox.created')}</Table.Th>
                <Table.Th>{t('logs.mailbox.channel')}</Table.Th>
                <Table.Th>{t('logs.mailbox.to')}</Table.Th>
                <Table.Th>{t('logs.mailbox.subject')}</Table.Th>
                <Table.Th>{t('logs.mailbox.status')}</Table.Th>
                <Table.Th>{t('operations.mailbox.attempts')}</Table.Th>
                <Table.Th>{t('operations.history.title')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.docs.map((mail) => (
                <MailRow
                  key={mail.id}
                  mail={mail}
                  created={format.dateTime(mail.createdAt)}
                  sent={mail.sentAt ? format.dateTime(mail.sentAt) : null}
                  open={open === mail.id}
                  onToggle={() => setOpen(open === mail.id ? null : mail.id)}
                  onHistory={onHistory}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager
        name="mailbox"
        label={t('logs.mailbox.title')}
        total={data?.totalDocs ?? null}
        page={page}
        limit={limit}
        onPage={setPage}
        onLimit={(size) => {
          setLimit(size);
          setPage(1);
        }}
      />
    </Stack>
  );
}

function MailRow({
  mail,
  created,
  sent,
  open,
  onToggle,
  onHistory,
}: {
  mail: OutboxMail;
  created: string;
  sent: string | null;
  open: boolean;
  onToggle: () => void;
  onHistory: (target: HistoryTarget) => void;
}) {
  const { t } = useTranslation();
  const { entity, entityId } = mail;
  return (
    <>
      <Table.Tr>
        <Table.Td>{created}</Table.Td>
        <Table.Td>{t(`logs.mailbox.channels.${mail.channel}`)}</Table.Td>
        <Table.Td>{mail.channelTo ?? mail.to}</Table.Td>
        <Table.Td>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={open ? `mail-${mail.id}` : undefined}
          >
            {mail.subject}
          </Button>
        </Table.Td>
        <Table.Td>
          <Badge color={statusColor[mail.status]} variant="filled">
            {t(`logs.mailbox.statuses.${mail.status}`)}
          </Badge>
        </Table.Td>
        <Table.Td>{mail.attempts}</Table.Td>
        <Table.Td>
          {entity && entityId && (
            <HistoryButton label={mail.subject} onClick={() => onHistory({ type: entity, id: entityId })} />
          )}
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={`mail-${mail.id}`}>
          <Table.Td colSpan={COLUMNS}>
            <Stack gap="xs">
              {sent && (
                <Text size="sm">
                  {t('operations.mailbox.sentAt')}: {sent}
                </Text>
              )}
              {mail.lastError && (
                <Text c="red.9">{t('logs.mailbox.lastError', { attempts: mail.attempts, error: mail.lastError })}</Text>
              )}
              {mail.channel !== 'EMAIL' && (mail.providerStatus !== null || mail.providerAnswer !== null) && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="provider-answer">
                  {t('logs.mailbox.providerAnswer', {
                    status: mail.providerStatus === null ? t('logs.mailbox.noStatus') : `HTTP ${mail.providerStatus}`,
                    answer: mail.providerAnswer ?? '',
                  })}
                </Text>
              )}
              <Text style={{ whiteSpace: 'pre-wrap' }}>{mail.text}</Text>
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
