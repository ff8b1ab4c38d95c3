import { Alert, Badge, Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { type MailboxPage, type OutboxMail, listMailbox } from './mailbox.api.ts';

const PAGE_SIZE = 20;
const statusColor: Record<OutboxMail['status'], string> = { PENDING: 'gray.7', SENT: 'teal.9', FAILED: 'red.9' };

/** The mailbox, where admins read every e-mail even without an SMTP server. */
export function MailboxTab() {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MailboxPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listMailbox(page, PAGE_SIZE, controller.signal)
      .then((result) => {
        setData(result);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [page, reload]);

  const pages = data ? Math.max(1, Math.ceil(data.totalDocs / PAGE_SIZE)) : 1;

  return (
    <Stack>
      <Group justify="space-between">
        <Text>{t('logs.mailbox.description')}</Text>
        <Button variant="outline" onClick={() => setReload((n) => n + 1)}>
          {t('logs.mailbox.refresh')}
        </Button>
      </Group>
      {failed && <Alert color="red">{t('logs.mailbox.loadFailed')}</Alert>}
      {data && data.docs.length === 0 && <Text>{t('logs.mailbox.empty')}</Text>}
      {data && data.docs.length > 0 && (
        <Table striped highlightOnHover aria-label={t('logs.mailbox.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('logs.mailbox.created')}</Table.Th>
              <Table.Th>{t('logs.mailbox.to')}</Table.Th>
              <Table.Th>{t('logs.mailbox.subject')}</Table.Th>
              <Table.Th>{t('logs.mailbox.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.docs.map((mail) => (
              <MailRow
                key={mail.id}
                mail={mail}
                created={format.dateTime(mail.createdAt)}
                open={open === mail.id}
                onToggle={() => setOpen(open === mail.id ? null : mail.id)}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`logs.page.${control}`) })}
        />
      )}
    </Stack>
  );
}

function MailRow({
  mail,
  created,
  open,
  onToggle,
}: {
  mail: OutboxMail;
  created: string;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Tr>
        <Table.Td>{created}</Table.Td>
        <Table.Td>{mail.to}</Table.Td>
        <Table.Td>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={`mail-${mail.id}`}
          >
            {mail.subject}
          </Button>
        </Table.Td>
        <Table.Td>
          <Badge color={statusColor[mail.status]} variant="filled">
            {t(`logs.mailbox.statuses.${mail.status}`)}
          </Badge>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={`mail-${mail.id}`}>
          <Table.Td colSpan={4}>
            <Stack gap="xs">
              <Text style={{ whiteSpace: 'pre-wrap' }}>{mail.text}</Text>
              {mail.lastError && (
                <Text c="red.9">{t('logs.mailbox.lastError', { attempts: mail.attempts, error: mail.lastError })}</Text>
              )}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
