import { type BuildingSettings, newBuildingSettings } from '@vestibule/shared';

/** A building's settings as its row holds them, the new-building defaults filling what it lacks. */
export function settingsOf(building: { settings: BuildingSettings | null }): BuildingSettings {
  return { ...newBuildingSettings(), ...(building.settings ?? {}) };
}
