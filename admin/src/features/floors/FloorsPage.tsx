import { ActionIcon, Alert, Anchor, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import type { Floor } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { IconPlus } from '../../components/ListIcons.tsx';
import { Page } from '../../components/Page.tsx';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { messageFromError, useNoticeText } from '../notifications/index.ts';
import { BuildingPicker, useChosenBuilding } from './BuildingPicker.tsx';
import { FloorDialog } from './FloorDialog.tsx';
import { useBuildingFloors } from './floorsData.ts';
import { PlanDialog } from './PlanDialog.tsx';
import { useBookingsDelete } from './useBookingsDelete.ts';

/** A small picture icon for the plan button. */
function IconPlan() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M3 12h8v9M11 3v5M15 12h6" />
    </svg>
  );
}

/**
 * /admin/floors: the floors of a building (chosen above, kept in the address) with their plan and
 * how many spaces are drawn on them; add, rename, upload or remove the plan, delete (asking again
 * when bookings are to come), and open a floor's map or its printable plan
 * (docs/floors-and-spaces.md).
 */
export function FloorsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const buildingId = useChosenBuilding(search.get('building'));

  return (
    <Page title={t('floors.title')} size="lg">
      <Text>{t('floors.intro')}</Text>
      {buildingId === undefined ? (
        <Alert color="yellow" variant="light">
          {t('floors.noBuilding')}
        </Alert>
      ) : (
        <>
          <BuildingPicker value={buildingId} onChange={(value) => setSearch({ building: value }, { replace: true })} />
          <BuildingFloors key={buildingId} buildingId={buildingId} />
        </>
      )}
    </Page>
  );
}

function BuildingFloors({ buildingId }: { buildingId: string }) {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const { state, reload } = useBuildingFloors(buildingId);
  const [dialog, setDialog] = useState<{ floor: Floor | null } | null>(null);
  const [plan, setPlan] = useState<Floor | null>(null);
  const deleting = useBookingsDelete(
    'FLOOR_HAS_FUTURE_BOOKINGS',
    (floor: Floor, cancelBookings) =>
      api.call('DELETE /floor/:id', {
        params: { id: floor.id },
        query: cancelBookings ? { cancelBookings: 'true' } : {},
      }),
    reload,
  );

  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'failed') {
    return (
      <Alert color="red" variant="light" title={t('floors.loadFailed')}>
        {noticeText(messageFromError(state.error))}
      </Alert>
    );
  }
  const floors = state.data;
  return (
    <>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus />} onClick={() => setDialog({ floor: null })}>
          {t('floors.add')}
        </Button>
      </Group>
      <Table highlightOnHover withTableBorder verticalSpacing="xs" data-testid="floors-table">
        <Table.Caption>{t('floors.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('floors.name')}</Table.Th>
            <Table.Th scope="col">{t('floors.level')}</Table.Th>
            <Table.Th scope="col">{t('floors.plan.column')}</Table.Th>
            <Table.Th scope="col">{t('floors.spaces')}</Table.Th>
            <Table.Th scope="col">{t('floors.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {floors.map((floor) => (
            <Table.Tr key={floor.id}>
              <Table.Td>{floor.name}</Table.Td>
              <Table.Td>{floor.level ?? '–'}</Table.Td>
              <Table.Td>
                {floor.image ? (
                  <img
                    src={floor.image.url}
                    alt={t('floors.plan.alt', { name: floor.name })}
                    style={{ width: 96, height: 56, objectFit: 'contain', display: 'block' }}
                  />
                ) : (
                  <Text size="sm">{t('floors.plan.noPlan')}</Text>
                )}
              </Table.Td>
              <Table.Td>{floor.spaceCount}</Table.Td>
              <Table.Td>
                <RowActions>
                  <EditAction label={t('floors.edit', { name: floor.name })} onClick={() => setDialog({ floor })} />
                  <Tooltip label={t('floors.plan.open', { name: floor.name })}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('floors.plan.open', { name: floor.name })}
                      onClick={() => setPlan(floor)}
                    >
                      <IconPlan />
                    </ActionIcon>
                  </Tooltip>
                  <Anchor
                    component={Link}
                    to={`/admin/spaces?building=${buildingId}&floor=${floor.id}&view=map`}
                    size="sm"
                    aria-label={t('floors.mapOf', { name: floor.name })}
                  >
                    {t('floors.map')}
                  </Anchor>
                  <Anchor
                    component={Link}
                    to={`/admin/floor/print/${floor.id}`}
                    size="sm"
                    aria-label={t('floors.printOf', { name: floor.name })}
                  >
                    {t('floors.print')}
                  </Anchor>
                  <DeleteAction label={t('floors.delete', { name: floor.name })} onClick={() => deleting.ask(floor)} />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
          {floors.length === 0 && <EmptyRow colSpan={5} text={t('floors.empty')} />}
        </Table.Tbody>
      </Table>
      {dialog && (
        <FloorDialog
          buildingId={buildingId}
          floor={dialog.floor}
          onClose={(saved) => {
            setDialog(null);
            if (saved) reload();
          }}
        />
      )}
      {plan && (
        <PlanDialog
          floor={plan}
          onClose={(changed) => {
            setPlan(null);
            if (changed) reload();
          }}
        />
      )}
      <ConfirmDialog
        {...deleting.first}
        title={t('floors.deleteTitle')}
        confirmLabel={t('floors.deleteConfirm')}
        data-testid="delete-floor"
      >
        {t('floors.deleteText', { name: deleting.item?.name ?? '', count: deleting.item?.spaceCount ?? 0 })}
      </ConfirmDialog>
      <ConfirmDialog
        {...deleting.second}
        title={t('floors.bookingsTitle')}
        confirmLabel={t('floors.bookingsConfirm')}
        data-testid="delete-floor-bookings"
      >
        {t('floors.bookingsText', { name: deleting.item?.name ?? '', count: deleting.count })}
      </ConfirmDialog>
    </>
  );
}
