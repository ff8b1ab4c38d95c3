import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { Watchlist, WatchlistEntry } from '@vestibule/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { IconPlus } from '../../components/ListIcons.tsx';
import { Page } from '../../components/Page.tsx';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useDeleteConfirm } from '../../components/useDeleteConfirm.ts';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { useLoaded } from '../floors/index.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { WatchlistDialog } from './WatchlistDialog.tsx';

/**
 * /admin/watchlist (docs/watchlist.md): the company's list of people refused at the door or held
 * until staff approve, with why (seen here only), who added them and how many check-ins matched.
 */
export function WatchlistPage() {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const load = useCallback((signal: AbortSignal) => api.call('GET /watchlist', { signal }), []);
  const { state, reload } = useLoaded<Watchlist>(load);
  const [dialog, setDialog] = useState<{ entry: WatchlistEntry | null } | null>(null);
  const deleting = useDeleteConfirm(
    (entry: WatchlistEntry) => api.call('DELETE /watchlist/:id', { params: { id: entry.id } }),
    reload,
  );

  return (
    <Page title={t('watchlist.title')} size="lg">
      <Text>{t('watchlist.intro')}</Text>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus />} onClick={() => setDialog({ entry: null })}>
          {t('watchlist.add')}
        </Button>
      </Group>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'failed' && <LoadFailed title={t('watchlist.title')} error={state.error} onRetry={reload} />}
      {state.kind === 'loaded' && (
        <Table.ScrollContainer minWidth={760}>
          <Table withTableBorder verticalSpacing="xs" data-testid="watchlist-table">
            <Table.Caption>{t('watchlist.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('watchlist.columns.who')}</Table.Th>
                <Table.Th scope="col">{t('watchlist.columns.action')}</Table.Th>
                <Table.Th scope="col">{t('watchlist.columns.reason')}</Table.Th>
                <Table.Th scope="col">{t('watchlist.columns.added')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('watchlist.columns.matches')}
                </Table.Th>
                <Table.Th scope="col" w={110}>
                  {t('watchlist.columns.actions')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.data.entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Th scope="row" fw={500}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {entry.value}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`watchlist.kinds.${entry.kind}`)}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <Badge
                      color={entry.action === 'DENY' ? 'red.9' : 'pink.9'}
                      variant="filled"
                      title={t(`watchlist.actions.${entry.action}`)}
                    >
                      {t(`watchlist.actionsShort.${entry.action}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.reason}</Table.Td>
                  <Table.Td>
                    {entry.createdBy
                      ? t('watchlist.addedBy', { date: format.date(entry.createdAt), user: entry.createdBy })
                      : format.date(entry.createdAt)}
                  </Table.Td>
                  <Table.Td ta="right">{entry.matches}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      <EditAction
                        label={t('watchlist.edit', { value: entry.value })}
                        onClick={() => setDialog({ entry })}
                      />
                      <DeleteAction
                        label={t('watchlist.remove', { value: entry.value })}
                        onClick={() => deleting.ask(entry)}
                      />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
              {state.data.entries.length === 0 && <EmptyRow colSpan={6} text={t('watchlist.empty')} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog && (
        <WatchlistDialog
          entry={dialog.entry}
          onClose={(saved) => {
            setDialog(null);
            if (saved) reload();
          }}
        />
      )}
      <ConfirmDialog
        {...deleting.dialog}
        title={t('watchlist.removeTitle')}
        confirmLabel={t('watchlist.removeConfirm')}
        data-testid="remove-watchlist-entry"
      >
        {t('watchlist.removeText', { value: deleting.item?.value ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
