import { Button, Group, type OptionsFilter, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  type AuditAction,
  type AuditEntity,
  type AuditLogFilter,
  auditActions,
  auditEntities,
} from '@vestibule/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload, IconSearch } from '../../components/ListIcons.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { type PageRequest, usePagedList } from '../../components/usePagedList.ts';
import { saveTextFile } from '../../format/saveTextFile.ts';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { AuditChanges } from './AuditChanges.tsx';
import { type AuditLogEntry, auditCsv, listAuditLog } from './auditApi.ts';

interface Filters {
  /** Days as the date fields give them (yyyy-MM-dd), in the user's own time zone; '' for none. */
  from: string;
  to: string;
  action: string | undefined;
  entity: string | undefined;
}

const noFilters: Filters = { from: '', to: '', action: undefined, entity: undefined };

/** The start of a day of the user's calendar, as the moment the server filters by. */
function startOfDay(day: string, daysLater = 0): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date + daysLater).toISOString();
}

/** The server's filters for the screen's: whole days of the user's calendar, the user's search. */
function filterOf(request: Filters & { search: string }): AuditLogFilter {
  return {
    from: startOfDay(request.from),
    // Up to the end of that day: before the start of the next one.
    to: startOfDay(request.to, 1),
    user: request.search || undefined,
    action: request.action,
    entity: request.entity,
  };
}

const COLUMNS = 6;

const isKnownEntity = (entity: string): entity is AuditEntity => (auditEntities as readonly string[]).includes(entity);
const isKnownAction = (action: string): action is AuditAction => (auditActions as readonly string[]).includes(action);

/** The action filter finds an action by its label or by its code (support people know the codes). */
const labelOrCode: OptionsFilter = ({ options, search }) => {
  const needle = search.trim().toLowerCase();
  return options.filter(
    (option) =>
      'value' in option && (option.label.toLowerCase().includes(needle) || option.value.toLowerCase().includes(needle)),
  );
};

/**
 * The audit log, newest first: who did what and when, as whom, from where; filtered by days,
 * user, action and entity; a row opens to show what changed. The same rows download as CSV.
 */
export function AuditLogTab() {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const load = useCallback(
    (request: PageRequest<'at', Filters>, signal: AbortSignal) =>
      listAuditLog({ ...filterOf(request), page: request.page, limit: request.limit }, signal),
    [],
  );
  const list = usePagedList<'at', Filters, AuditLogEntry>({ sort: 'at', filters: noFilters, load });
  const [open, setOpen] = useState<string | null>(null);
  const { request } = list;

  // audit.csv comes from the server with headings in the user's language, but its cells keep the
  // codes (action BUILDING_UPDATED, entity building): the file is for machines and support people.
  const downloadCsv = async () => {
    try {
      saveTextFile(await auditCsv(filterOf(request)), 'audit.csv', 'text/csv');
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  const entityLabel = (entity: string) => (isKnownEntity(entity) ? t(`logs.audit.entities.${entity}`) : entity);
  // An action the list does not know (an older row) shows as its code.
  const actionLabel = (action: string) => (isKnownAction(action) ? t(`logs.audit.actions.${action}`) : action);
  const docs = list.data?.docs ?? null;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <TextInput
            id="audit-from"
            type="date"
            label={t('logs.audit.from')}
            value={request.from}
            max={request.to || undefined}
            onChange={(event) => list.setFilter('from', event.currentTarget.value)}
            w={170}
          />
          <TextInput
            id="audit-to"
            type="date"
            label={t('logs.audit.to')}
            value={request.to}
            min={request.from || undefined}
            onChange={(event) => list.setFilter('to', event.currentTarget.value)}
            w={170}
          />
          <TextInput
            id="audit-user"
            type="search"
            label={t('logs.audit.user')}
            leftSection={<IconSearch />}
            value={list.search}
            onChange={(event) => list.setSearch(event.currentTarget.value)}
            maxLength={64}
            w={200}
          />
          <Select
            id="audit-action"
            label={t('logs.audit.action')}
            data={auditActions.map((action) => ({ value: action, label: actionLabel(action) }))}
            value={request.action ?? null}
            onChange={(value) => list.setFilter('action', value ?? undefined)}
            filter={labelOrCode}
            searchable
            clearable
            w={280}
          />
          <Select
            id="audit-entity"
            label={t('logs.audit.entity')}
            data={auditEntities.map((entity) => ({ value: entity, label: entityLabel(entity) }))}
            value={request.entity ?? null}
            onChange={(value) => list.setFilter('entity', value ?? undefined)}
            clearable
            w={170}
          />
        </Group>
        <Button variant="default" leftSection={<IconDownload />} onClick={() => void downloadCsv()}>
          {t('logs.audit.download')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped aria-label={t('logs.audit.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('logs.audit.when')}</Table.Th>
              <Table.Th>{t('logs.audit.who')}</Table.Th>
              <Table.Th>{t('logs.audit.actingAs')}</Table.Th>
              <Table.Th>{t('logs.audit.action')}</Table.Th>
              <Table.Th>{t('logs.audit.entity')}</Table.Th>
              <Table.Th>{t('logs.audit.clientIp')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>{t('logs.audit.empty')}</Table.Td>
              </Table.Tr>
            )}
            {docs?.map((entry) => {
              const expanded = open === entry.id;
              return (
                <AuditRow
                  key={entry.id}
                  entry={entry}
                  when={format.dateTime(entry.at)}
                  action={actionLabel(entry.action)}
                  entity={entityLabel(entry.entity)}
                  expanded={expanded}
                  onToggle={() => setOpen(expanded ? null : entry.id)}
                />
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPager
        name="audit"
        label={t('logs.audit.title')}
        total={list.data?.totalDocs ?? null}
        page={request.page}
        limit={request.limit}
        onPage={list.setPage}
        onLimit={list.setLimit}
      />
    </Stack>
  );
}

function AuditRow(props: {
  entry: AuditLogEntry;
  when: string;
  action: string;
  entity: string;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { entry, when, action, entity, expanded, onToggle } = props;
  const detailsId = `audit-${entry.id}`;
  return (
    <>
      <Table.Tr>
        <Table.Td>{when}</Table.Td>
        <Table.Td>
          <AuditActorName entry={entry} />
        </Table.Td>
        <Table.Td>{entry.actingAsUsername ?? entry.actingAsId ?? ''}</Table.Td>
        <Table.Td>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            title={entry.action}
          >
            {action}
          </Button>
        </Table.Td>
        <Table.Td>{entity}</Table.Td>
        <Table.Td>
          <Text size="sm" ff="monospace">
            {entry.clientIp ?? ''}
          </Text>
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={COLUMNS}>
            <AuditChanges entry={entry} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** Who acted: the user, or the channel in words (a visitor's own device, a kiosk by its name, the automatic rule). */
function AuditActorName({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  if (!entry.actorChannel) {
    // A failed sign-in under a name that is no account keeps no name (it may be a password).
    const unknown = entry.after?.unknownUsername === true ? t('logs.audit.unknownUsername') : '—';
    return <>{entry.actorUsername ?? entry.actorId ?? unknown}</>;
  }
  const device = entry.actorDeviceName ?? entry.actorDeviceId;
  return (
    <>
      {t(`logs.audit.channels.${entry.actorChannel}`)}
      {device && (
        <Text span size="xs" c="dimmed" display="block" ff={entry.actorDeviceName ? undefined : 'monospace'}>
          {device}
        </Text>
      )}
    </>
  );
}
