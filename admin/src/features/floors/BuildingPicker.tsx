import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/index.ts';

/**
 * The building a floors or spaces screen shows: the one in the address (`?building=`), else the
 * user's favourite, else their first; undefined when they see none.
 */
export function useChosenBuilding(asked: string | null): string | undefined {
  const buildings = useSession((state) => state.buildings);
  const favourite = useSession((state) => state.user?.favouriteBuildingId);
  return (
    buildings.find((building) => building.id === asked)?.id ??
    buildings.find((building) => building.id === favourite)?.id ??
    buildings[0]?.id
  );
}

/** Chooses among the buildings the user sees. */
export function BuildingPicker({ value, onChange }: { value: string; onChange: (buildingId: string) => void }) {
  const { t } = useTranslation();
  const buildings = useSession((state) => state.buildings);
  return (
    <Select
      label={t('floors.building')}
      data={buildings.map((building) => ({ value: building.id, label: building.name }))}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next)}
      maw={360}
    />
  );
}
