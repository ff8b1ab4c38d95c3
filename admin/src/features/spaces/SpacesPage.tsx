import { Alert, Group, SegmentedControl, Select, Text } from '@mantine/core';
import type { Floor, Space, SpaceApprover } from '@vestibule/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Page } from '../../components/Page.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import {
  BuildingPicker,
  floorLabel,
  useBookingsDelete,
  useBuildingFloors,
  useChosenBuilding,
  useLoaded,
} from '../floors/index.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';
import { SpaceMap } from './SpaceMap.tsx';
import { SpacesList } from './SpacesList.tsx';

type SpacesView = 'list' | 'map';

/**
 * /admin/spaces: the spaces of one floor (building then floor, kept in the address with the
 * view), as a list or on the floor's map where they are drawn (docs/floors-and-spaces.md).
 */
export function SpacesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const buildingId = useChosenBuilding(search.get('building'));
  const view: SpacesView = search.get('view') === 'map' ? 'map' : 'list';
  const change = (values: { building?: string; floor?: string | null; view?: SpacesView }) => {
    const next = new URLSearchParams(search);
    if (values.building) next.set('building', values.building);
    if (values.floor === null) next.delete('floor');
    else if (values.floor) next.set('floor', values.floor);
    if (values.view) next.set('view', values.view);
    setSearch(next, { replace: true });
  };

  return (
    <Page title={t('spaces.title')} size="xl">
      <Text>{t('spaces.intro')}</Text>
      {buildingId === undefined ? (
        <Alert color="yellow" variant="light">
          {t('floors.noBuilding')}
        </Alert>
      ) : (
        <BuildingSpaces
          key={buildingId}
          buildingId={buildingId}
          floorId={search.get('floor')}
          view={view}
          onBuilding={(building) => change({ building, floor: null })}
          onFloor={(floor) => change({ floor })}
          onView={(next) => change({ view: next })}
        />
      )}
    </Page>
  );
}

function BuildingSpaces(props: {
  buildingId: string;
  floorId: string | null;
  view: SpacesView;
  onBuilding: (id: string) => void;
  onFloor: (id: string) => void;
  onView: (view: SpacesView) => void;
}) {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const { state, setState } = useBuildingFloors(props.buildingId);
  const floors = state.kind === 'loaded' ? state.data : [];
  const floor = floors.find((candidate) => candidate.id === props.floorId) ?? floors[0];

  return (
    <>
      <Group gap="md" align="flex-end" wrap="wrap">
        <BuildingPicker value={props.buildingId} onChange={props.onBuilding} />
        {floors.length > 0 && floor && (
          <Select
            label={t('spaces.floor')}
            data={floors.map((candidate) => ({ value: candidate.id, label: floorLabel(candidate) }))}
            value={floor.id}
            allowDeselect={false}
            onChange={(value) => value && props.onFloor(value)}
            maw={320}
          />
        )}
        <SegmentedControl
          aria-label={t('spaces.view')}
          value={props.view}
          onChange={(value) => props.onView(value === 'map' ? 'map' : 'list')}
          data={[
            { value: 'list', label: t('spaces.views.list') },
            { value: 'map', label: t('spaces.views.map') },
          ]}
        />
      </Group>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'failed' && (
        <Alert color="red" variant="light" title={t('floors.loadFailed')}>
          {noticeText(messageFromError(state.error))}
        </Alert>
      )}
      {state.kind === 'loaded' && !floor && <Alert variant="light">{t('spaces.noFloor')}</Alert>}
      {floor && (
        <FloorSpaces
          key={floor.id}
          floor={floor}
          view={props.view}
          onFloorChange={(saved) =>
            setState({ kind: 'loaded', data: floors.map((other) => (other.id === saved.id ? saved : other)) })
          }
        />
      )}
    </>
  );
}

interface FloorData {
  spaces: Space[];
  approvers: SpaceApprover[];
}

function FloorSpaces({
  floor,
  view,
  onFloorChange,
}: {
  floor: Floor;
  view: SpacesView;
  onFloorChange: (floor: Floor) => void;
}) {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const load = useCallback(
    async (signal: AbortSignal): Promise<FloorData> => {
      const [spaces, approvers] = await Promise.all([
        api.call('GET /space/byFloorId/:id', { params: { id: floor.id }, signal }),
        api.call('GET /space/approvers/:id', { params: { id: floor.id }, signal }),
      ]);
      return { spaces, approvers };
    },
    [floor.id],
  );
  const { state, setState } = useLoaded<FloorData>(load);
  const setSpaces = useCallback(
    (update: (spaces: Space[]) => Space[]) =>
      setState((current) =>
        current.kind === 'loaded'
          ? { kind: 'loaded', data: { ...current.data, spaces: update(current.data.spaces) } }
          : current,
      ),
    [setState],
  );
  const deleting = useBookingsDelete(
    'SPACE_HAS_FUTURE_BOOKINGS',
    (space: Space, cancelBookings) =>
      api.call('DELETE /space/:id', {
        params: { id: space.id },
        query: cancelBookings ? { cancelBookings: 'true' } : {},
      }),
    (space) => setSpaces((spaces) => spaces.filter((other) => other.id !== space.id)),
  );

  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'failed') {
    return (
      <Alert color="red" variant="light" title={t('spaces.loadFailed')}>
        {noticeText(messageFromError(state.error))}
      </Alert>
    );
  }
  const { spaces, approvers } = state.data;
  return (
    <>
      {view === 'map' ? (
        <SpaceMap
          floor={floor}
          spaces={spaces}
          setSpaces={setSpaces}
          approvers={approvers}
          onFloorChange={onFloorChange}
          onDelete={deleting.ask}
        />
      ) : (
        <SpacesList floor={floor} spaces={spaces} setSpaces={setSpaces} approvers={approvers} onDelete={deleting.ask} />
      )}
      <ConfirmDialog
        {...deleting.first}
        title={t('spaces.deleteTitle')}
        confirmLabel={t('spaces.deleteConfirm')}
        data-testid="delete-space"
      >
        {t('spaces.deleteText', { name: deleting.item?.name ?? '' })}
      </ConfirmDialog>
      <ConfirmDialog
        {...deleting.second}
        title={t('spaces.bookingsTitle')}
        confirmLabel={t('spaces.bookingsConfirm')}
        data-testid="delete-space-bookings"
      >
        {t('spaces.bookingsText', { name: deleting.item?.name ?? '', count: deleting.count })}
      </ConfirmDialog>
    </>
  );
}
