import { Alert, Select, Text } from '@mantine/core';
import type { UserFloor } from '@vestibule/shared';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';

/**
 * The floors a user may book on, and the one chosen (the booking map's and the calendar's): the
 * first unless `initial` names another; while they load, a spinner; with none, says so. The page
 * draws `children` with the chosen floor and the floor picker, to place among its own fields.
 */
export function BookableFloor({
  initial = null,
  children,
}: {
  initial?: string | null;
  children: (floorId: string, picker: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const loadFloors = useCallback((signal: AbortSignal) => api.call('GET /public/floor/user', { signal }), []);
  const { state: floors } = useLoaded<UserFloor[]>(loadFloors);
  const [floorId, setFloorId] = useState<string | null>(initial);
  if (floors.kind === 'loading') return <Spinner />;
  if (floors.kind === 'failed')
    return (
      <Alert color="red" variant="light">
        {noticeText(messageFromError(floors.error))}
      </Alert>
    );
  const usable = floors.data.filter((floor) => floor.bookableSpaces > 0);
  const chosen = usable.find((floor) => floor.id === floorId)?.id ?? usable[0]?.id;
  if (!chosen) return <Text>{t('booking.map.noFloor')}</Text>;
  return children(
    chosen,
    <Select
      label={t('booking.map.floor')}
      data={usable.map((floor) => ({ value: floor.id, label: `${floor.buildingName} · ${floor.name}` }))}
      value={chosen}
      onChange={(value) => value && setFloorId(value)}
      allowDeselect={false}
      searchable
    />,
  );
}
