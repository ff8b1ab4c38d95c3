import type { ChoiceStorage } from './wizard.types.ts';

export type CameraPlace = 'ENTRY' | 'EXIT';

/**
 * Browser storage key of the camera chosen for entries or for exits: each device remembers its
 * own choice, one for entries and one for exits.
 */
export function cameraChoiceKey(place: CameraPlace): string {
  return `camera.${place}`;
}

/** The remembered camera when it still exists, else the first one. */
export function chosenCamera(storage: ChoiceStorage | null, place: CameraPlace, ids: readonly string[]): string | null {
  const remembered = readChoice(storage, cameraChoiceKey(place));
  return remembered !== null && ids.includes(remembered) ? remembered : (ids[0] ?? null);
}

function readChoice(storage: ChoiceStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function rememberCamera(storage: ChoiceStorage | null, place: CameraPlace, id: string): void {
  try {
    storage?.setItem(cameraChoiceKey(place), id);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

/** localStorage when the browser allows it. */
export function browserChoiceStorage(): ChoiceStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
