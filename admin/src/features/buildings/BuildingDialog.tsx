import { Group, Loader, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { maySelectTenant, type Building } from '@vestibule/shared';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { useLoadingStore } from '../loading/index.ts';
import { useSession } from '../session/index.ts';
import { AddressTab } from './AddressTab.tsx';
import {
  BuildingDialogContext,
  buildingTabs,
  type BuildingDialogContextValue,
  type BuildingTab,
} from './buildingDialogContext.ts';
import { CamerasTab } from './CamerasTab.tsx';
import { CheckInFormTab } from './CheckInFormTab.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DevicesTab } from './DevicesTab.tsx';
import { DocumentsTab } from './DocumentsTab.tsx';
import { DialogNotices } from './DialogNotices.tsx';
import { QrCodesTab } from './QrCodesTab.tsx';
import { QuestionnairesTab } from './QuestionnairesTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { useDialogNotices } from './useDialogNotices.ts';

/** The warning shown when leaving a tab with unsaved changes (both questionnaire tabs share one). */
const unsavedWarning = {
  address: 'buildings.edit.unsaved.address',
  settings: 'buildings.edit.unsaved.settings',
  checkInForm: 'buildings.edit.unsaved.checkInForm',
  questionnaires: 'buildings.edit.unsaved.questionnaires',
  exitQuestionnaires: 'buildings.edit.unsaved.questionnaires',
  documents: 'buildings.edit.unsaved.other',
  cameras: 'buildings.edit.unsaved.other',
  devices: 'buildings.edit.unsaved.devices',
  qrCodes: 'buildings.edit.unsaved.mobileToken',
} as const satisfies Record<BuildingTab, string>;

const noChanges: Record<BuildingTab, boolean> = {
  address: false,
  settings: false,
  checkInForm: false,
  questionnaires: false,
  exitQuestionnaires: false,
  documents: false,
  cameras: false,
  devices: false,
  qrCodes: false,
};

/** Below the dialog's title bar, which stays at the top while the content scrolls. */
const stickyTop = 'calc(3.75rem * var(--mantine-scale))';

interface BuildingDialogProps {
  /** The building to edit; null adds a new one. */
  buildingId: string | null;
  /** `changed`: something was saved, the list shows stale rows. */
  onClose: (changed: boolean) => void;
}

/**
 * The building dialog: nine vertical tabs; a new
 * building has only the first until its first save; leaving a tab with unsaved changes asks
 * first; Cancel closes and forgets the changes, the flags and the tab.
 */
export function BuildingDialog({ buildingId, onClose }: BuildingDialogProps) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const notices = useDialogNotices();
  const { showError } = notices;
  const role = useSession((state) => state.user?.role);
  const sessionTenant = useSession((state) => state.tenant);
  const busy = useLoadingStore((state) => state.pending > 0);
  const [building, setBuilding] = useState<Building | null>(null);
  const [loaded, setLoaded] = useState(buildingId === null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [activeTab, setActiveTab] = useState<BuildingTab>('address');
  const [dirty, setDirtyFlags] = useState(noChanges);
  const [leavingTo, setLeavingTo] = useState<BuildingTab | null>(null);
  const changed = useRef(false);
  // Phones have no room for a column of tabs: they wrap above the content instead.
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;

  useEffect(() => {
    if (buildingId === null) return;
    let live = true;
    api.call('GET /building/:id', { params: { id: buildingId } }).then(
      (answer) => {
        if (!live) return;
        setBuilding(answer);
        setLoaded(true);
      },
      (error: unknown) => {
        if (!live) return;
        setLoadFailed(true);
        showError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [buildingId, showError]);

  const setDirty = useCallback((tab: BuildingTab, value: boolean) => {
    setDirtyFlags((current) => (current[tab] === value ? current : { ...current, [tab]: value }));
  }, []);

  const acceptBuilding = useCallback((next: Building) => {
    changed.current = true;
    setBuilding(next);
  }, []);

  const cancel = useCallback(() => onClose(changed.current), [onClose]);

  const context = useMemo<BuildingDialogContextValue>(
    () => ({ building, acceptBuilding, notices, setDirty, cancel, busy }),
    [building, acceptBuilding, notices, setDirty, cancel, busy],
  );

  const requestTab = (value: string | null) => {
    const next = buildingTabs.find((tab) => tab === value);
    if (!next || next === activeTab) return;
    if (!building && next !== 'address') return;
    if (dirty[activeTab]) {
      setLeavingTo(next);
      return;
    }
    setActiveTab(next);
  };

  const leaveTab = () => {
    if (!leavingTo) return;
    setDirty(activeTab, false);
    setActiveTab(leavingTo);
    setLeavingTo(null);
  };

  const panel = (tab: BuildingTab): ReactNode => {
    if (tab === 'address') return <AddressTab />;
    if (!building) return null;
    switch (tab) {
      case 'settings':
        return <SettingsTab building={building} />;
      case 'checkInForm':
        return <CheckInFormTab building={building} />;
      case 'questionnaires':
        return <QuestionnairesTab building={building} kind="entry" />;
      case 'exitQuestionnaires':
        return <QuestionnairesTab building={building} kind="exit" />;
      case 'documents':
        return <DocumentsTab building={building} />;
      case 'cameras':
        return <CamerasTab building={building} />;
      case 'devices':
        return <DevicesTab building={building} />;
      case 'qrCodes':
        return <QrCodesTab building={building} />;
    }
  };

  const showTenant = maySelectTenant(role);
  const tenantName = building?.tenant.name ?? sessionTenant?.name ?? '';

  return (
    <AppDialog
      opened
      onClose={cancel}
      title={t(building ? 'buildings.edit.titleEdit' : 'buildings.edit.titleAdd')}
      size={1100}
      data-testid="building-dialog"
    >
      <BuildingDialogContext value={context}>
        <DialogNotices notices={notices} />
        {!loaded ? (
          !loadFailed && (
            <Group justify="center" p="xl">
              <Loader size="sm" aria-label={t('buildings.common.loading')} />
            </Group>
          )
        ) : (
          <Stack gap="md">
            {(building || showTenant) && (
              <SimpleGrid cols={{ base: 1, sm: showTenant ? 2 : 1 }} spacing="sm">
                {building && (
                  <Stack gap={2} data-testid="building-stamps">
                    <Text size="sm">{t('buildings.edit.created', { date: format.dateTime(building.createdAt) })}</Text>
                    <Text size="sm">{t('buildings.edit.updated', { date: format.dateTime(building.updatedAt) })}</Text>
                  </Stack>
                )}
                {showTenant && (
                  <TextInput id="building-tenant" label={t('buildings.edit.tenant')} value={tenantName} readOnly />
                )}
              </SimpleGrid>
            )}
            {!building && <Text size="sm">{t('buildings.edit.saveFirst')}</Text>}
            <Tabs
              orientation={narrow ? 'horizontal' : 'vertical'}
              value={activeTab}
              onChange={requestTab}
              keepMounted={false}
              variant="pills"
              mih="min(640px, 65vh)"
              styles={{ tab: { justifyContent: 'flex-start' }, tabLabel: { textAlign: 'start' } }}
            >
              <Tabs.List
                aria-label={t('buildings.edit.tabsLabel')}
                miw={narrow ? undefined : 200}
                style={narrow ? undefined : { position: 'sticky', top: stickyTop, alignSelf: 'flex-start' }}
              >
                {buildingTabs.map((tab) => (
                  <Tabs.Tab key={tab} value={tab} disabled={!building && tab !== 'address'}>
                    {t(`buildings.tabs.${tab}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {buildingTabs.map((tab) => (
                <Tabs.Panel key={tab} value={tab} pl={narrow ? 0 : 'md'} pt={narrow ? 'md' : 0} style={{ minWidth: 0 }}>
                  {tab === activeTab && panel(tab)}
                </Tabs.Panel>
              ))}
            </Tabs>
          </Stack>
        )}
        <ConfirmDialog
          opened={leavingTo !== null}
          title={t('buildings.edit.unsaved.title')}
          confirmLabel={t('buildings.edit.unsaved.leave')}
          cancelLabel={t('buildings.edit.unsaved.stay')}
          danger
          onConfirm={leaveTab}
          onCancel={() => setLeavingTo(null)}
          data-testid="unsaved-warning"
        >
          <Stack gap="xs">
            <Text>{t(unsavedWarning[activeTab])}</Text>
            <Text>{t('buildings.edit.unsaved.question')}</Text>
          </Stack>
        </ConfirmDialog>
      </BuildingDialogContext>
    </AppDialog>
  );
}
