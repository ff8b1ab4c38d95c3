import { Alert, Button, Group, Stack } from '@mantine/core';
import { type VisitDetail, type VisitListItem, type VisitSortColumn, mayOnVisits } from '@vestibule/shared';
import { lazy, Suspense, useCallback, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { IconDownload, IconPlus } from '../../components/ListIcons.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { Page } from '../../components/Page.tsx';
import { usePagedList } from '../../components/usePagedList.ts';
import { saveTextFile } from '../../format/saveTextFile.ts';
import { useLiveVisits } from '../live/index.ts';
import { LoadingWhileMounted } from '../loading/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { useSession } from '../session/index.ts';
import { EntryLogCounters } from './EntryLogCounters.tsx';
import { EntryLogFilters, EntryLogScope } from './EntryLogFilters.tsx';
import { EntryLogTable } from './EntryLogTable.tsx';
import { HeldVisitorsBanner } from './HeldVisitorsBanner.tsx';
import { entryLogApi } from './entryLogApi.ts';
import {
  type EntryLogFilterValues,
  type EntryLogRequest,
  csvQuery,
  isFiltered,
  listQuery,
  noEntryLogFilters,
  tileFilters,
} from './entryLogFilters.ts';
import { useConfirmedAction } from './useConfirmedAction.ts';
import { IconBolt } from './EntryLogIcons.tsx';
import { useEntryLogRefresh } from './useEntryLogRefresh.ts';
import type { RowAction } from './visitActions.ts';

// The dialogs are fetched when first opened (the wizard and the invitation form are most of the code).
const VisitDetailDialog = lazy(() =>
  import('./detail/VisitDetailDialog.tsx').then((module) => ({ default: module.VisitDetailDialog })),
);
const StaffCheckInDialog = lazy(() =>
  import('./staff/StaffCheckInDialog.tsx').then((module) => ({ default: module.StaffCheckInDialog })),
);
const StaffCheckOutDialog = lazy(() =>
  import('./staff/StaffCheckOutDialog.tsx').then((module) => ({ default: module.StaffCheckOutDialog })),
);
const FastCheckInDialog = lazy(() =>
  import('./staff/FastCheckInDialog.tsx').then((module) => ({ default: module.FastCheckInDialog })),
);
const EditVisitDialog = lazy(() =>
  import('./detail/EditVisitDialog.tsx').then((module) => ({ default: module.EditVisitDialog })),
);
const InviteDialog = lazy(() =>
  import('./invite/InviteDialog.tsx').then((module) => ({ default: module.InviteDialog })),
);

type Dialog =
  | { kind: 'detail' | 'checkIn' | 'checkOut'; visit: VisitListItem }
  | { kind: 'edit'; visit: VisitDetail }
  | { kind: 'invite'; buildingId: string | undefined }
  | { kind: 'fastCheckIn'; buildingId: string; returningVisitId?: string };

/**
 * /check-in-out, the entry log: today's counters of a building, the
 * visits filtered, sorted, paged and downloadable as CSV, and the front desk's work on them: check
 * in (the kiosk's wizard), check out, check in back, cancel, remove, the desk's one-form check-in
 * (of someone returning, or of someone new) and new invitations. Each
 * button shows only when the shared rule grants its call to the user's role (a refused call signs
 * them out) and the visit's state allows it.
 */
export function EntryLogPage() {
  const { t } = useTranslation();
  const buildings = useSession((state) => state.buildings);
  if (buildings.length === 0) {
    return (
      <Page title={t('pages.checkInOut.title')} size="xl">
        <Alert color="yellow" variant="light" data-testid="entry-log-no-building">
          {t('entryLog.noBuildingAssigned')}
        </Alert>
      </Page>
    );
  }
  return <EntryLog buildings={buildings} />;
}

/** The log of a company with buildings: nothing is asked of the server before there is one. */
function EntryLog({ buildings }: { buildings: readonly { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const role = useSession((state) => state.user?.role);
  const favourite = useSession((state) => state.user?.favouriteBuildingId);
  const [defaultBuilding] = useState(
    () => buildings.find((building) => building.id === favourite)?.id ?? buildings[0]?.id,
  );
  const { version, refresh } = useEntryLogRefresh();
  const load = useCallback(
    (request: EntryLogRequest, signal: AbortSignal) => {
      void version; // A new version loads the page again.
      return entryLogApi.list(listQuery(request), signal);
    },
    [version],
  );
  const list = usePagedList<VisitSortColumn, EntryLogFilterValues, VisitListItem>({
    sort: 'createdAt',
    order: -1,
    filters: { ...noEntryLogFilters, buildingId: defaultBuilding },
    load,
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The filters' own state (the days as typed) starts again when a tile clears them.
  const [filtersKey, setFiltersKey] = useState(0);
  // A returning visitor whose last answers no longer hold answers the questions at the desk.
  const confirmed = useConfirmedAction(refresh, (visit) =>
    setDialog({ kind: 'fastCheckIn', buildingId: visit.buildingId, returningVisitId: visit.id }),
  );
  // One stream of every building the user sees: anyone's check-in or check-out at the building
  // shown (or at any, when the list shows all) loads the list and the counters again, without a
  // reload; any change loads the banner of who waits at the door, wherever they wait.
  const [liveVersion, liveChanged] = useReducer((current: number) => current + 1, 0);
  useLiveVisits(undefined, (change) => {
    liveChanged();
    const shown = list.request.buildingId;
    if (change.resync || shown === undefined || change.events.some((event) => event.buildingId === shown)) refresh();
  });

  const building = buildings.find((candidate) => candidate.id === list.request.buildingId) ?? null;
  const downloadCsv = async () => {
    try {
      saveTextFile(await entryLogApi.csv(csvQuery(list.request)), 'meetings.csv', 'text/csv');
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };
  const onAction = (action: RowAction, visit: VisitListItem) => {
    if (action === 'checkIn' || action === 'checkOut') setDialog({ kind: action, visit });
    else confirmed.ask(action, visit);
  };
  const closeDialog = (changed: boolean) => {
    setDialog(null);
    if (changed) refresh();
  };

  return (
    <Page title={t('pages.checkInOut.title')} size="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <EntryLogScope list={list} />
          <Group gap="sm">
            <Button variant="default" leftSection={<IconDownload />} onClick={() => void downloadCsv()}>
              {t('entryLog.list.csv')}
            </Button>
            {mayOnVisits(role, 'fastCheckIn') && (
              <Button
                variant="light"
                leftSection={<IconBolt />}
                onClick={() =>
                  setDialog({ kind: 'fastCheckIn', buildingId: list.request.buildingId ?? defaultBuilding ?? '' })
                }
              >
                {t('entryLog.list.fastCheckIn')}
              </Button>
            )}
            {mayOnVisits(role, 'invite') && (
              <Button
                leftSection={<IconPlus />}
                onClick={() => setDialog({ kind: 'invite', buildingId: list.request.buildingId })}
              >
                {t('entryLog.list.invite')}
              </Button>
            )}
          </Group>
        </Group>
        <HeldVisitorsBanner
          version={version}
          liveVersion={liveVersion}
          role={role}
          onAction={(action, visit) => confirmed.ask(action, visit)}
        />
        <EntryLogCounters
          building={building}
          version={version}
          active={list.request.counter}
          onChoose={(counter) => {
            list.setFilters(tileFilters(list.request, counter));
            setFiltersKey((key) => key + 1);
          }}
        />
        <EntryLogFilters key={filtersKey} list={list} />
        <EntryLogTable
          visits={list.data?.docs ?? null}
          oneBuilding={building !== null}
          sort={{ column: list.request.sort, order: list.request.order }}
          onSort={list.sortBy}
          role={role}
          onOpen={(visit) => setDialog({ kind: 'detail', visit })}
          onAction={onAction}
          emptyText={isFiltered(list.request) ? t('entryLog.list.noMatch') : t('entryLog.list.empty')}
        />
        <ListPager name="entry-log" label={t('entryLog.list.caption')} {...list.pager} />
      </Stack>
      {dialog && (
        <Suspense fallback={<LoadingWhileMounted />}>
          {dialog.kind === 'detail' && (
            <VisitDetailDialog
              visitId={dialog.visit.id}
              onClose={() => setDialog(null)}
              onAction={(action, visit) => {
                if (action === 'cancel') {
                  setDialog(null);
                  confirmed.ask('cancel', visit);
                } else setDialog({ kind: action, visit });
              }}
            />
          )}
          {dialog.kind === 'edit' && <EditVisitDialog visit={dialog.visit} onClose={closeDialog} />}
          {dialog.kind === 'checkIn' && <StaffCheckInDialog visit={dialog.visit} onClose={closeDialog} />}
          {dialog.kind === 'checkOut' && <StaffCheckOutDialog visit={dialog.visit} onClose={closeDialog} />}
          {dialog.kind === 'invite' && <InviteDialog buildingId={dialog.buildingId} onClose={closeDialog} />}
          {dialog.kind === 'fastCheckIn' && (
            <FastCheckInDialog
              buildingId={dialog.buildingId}
              returningVisitId={dialog.returningVisitId}
              onClose={closeDialog}
            />
          )}
        </Suspense>
      )}
      <ConfirmDialog {...confirmed.dialog} data-testid="entry-log-confirm" />
    </Page>
  );
}
