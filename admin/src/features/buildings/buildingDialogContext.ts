import type { Building } from '@vestibule/shared';
import { createContext, useContext, useEffect } from 'react';
import type { DialogNotices } from './useDialogNotices.ts';

/** The nine tabs of the building dialog, in the order the dialog shows them. */
export const buildingTabs = [
  'address',
  'settings',
  'checkInForm',
  'questionnaires',
  'exitQuestionnaires',
  'documents',
  'cameras',
  'devices',
  'qrCodes',
] as const;
export type BuildingTab = (typeof buildingTabs)[number];

export interface BuildingDialogContextValue {
  /** null until a new building's first save succeeds. */
  building: Building | null;
  /** The server's answer after a save: the dialog and every tab follow it. */
  acceptBuilding: (building: Building) => void;
  notices: DialogNotices;
  setDirty: (tab: BuildingTab, dirty: boolean) => void;
  /** Closes the dialog, dropping unsaved changes (the Cancel buttons). */
  cancel: () => void;
  /** Calls are running: submit buttons wait. */
  busy: boolean;
}

export const BuildingDialogContext = createContext<BuildingDialogContextValue | null>(null);

export function useBuildingDialog(): BuildingDialogContextValue {
  const value = useContext(BuildingDialogContext);
  if (!value) throw new Error('useBuildingDialog needs the building dialog');
  return value;
}

/** A tab tells the dialog whether it holds unsaved changes (and forgets them when it closes). */
export function useUnsavedFlag(tab: BuildingTab, dirty: boolean): void {
  const { setDirty } = useBuildingDialog();
  useEffect(() => {
    setDirty(tab, dirty);
  }, [setDirty, tab, dirty]);
  useEffect(() => () => setDirty(tab, false), [setDirty, tab]);
}
