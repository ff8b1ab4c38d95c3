import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { useLiveVisits } from '../live/index.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';
import { useSession } from '../session/index.ts';
import classes from './Evacuation.module.css';
import { EvacuationGroupTable, shownBy } from './EvacuationGroupTable.tsx';
import { RollCallHistory } from './RollCallHistory.tsx';
import { type RollCallFilter, RollCallPanel } from './RollCallPanel.tsx';
import { useEvacuationList } from './useEvacuationList.ts';
import { useRollCall } from './useRollCall.ts';

/** While the screen is shown, printing leaves the toolbar and footer out (Evacuation.module.css). */
function usePrintLayout(): void {
  useEffect(() => {
    document.documentElement.dataset.printing = 'evacuation';
    return () => {
      delete document.documentElement.dataset.printing;
    };
  }, []);
}

/**
 * /evacuation: everyone inside a building now, by person type, with their phone, host and
 * check-in time; followed live, printable on one page, and the building's roll call shared by
 * every warden (docs/visits.md, "The evacuation list").
 */
export function EvacuationPage() {
  const { t } = useTranslation();
  usePrintLayout();
  const buildings = useSession((state) => state.buildings);
  const favourite = useSession((state) => state.user?.favouriteBuildingId);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('building');
  const buildingId =
    buildings.find((building) => building.id === asked)?.id ??
    buildings.find((building) => building.id === favourite)?.id ??
    buildings[0]?.id;

  return (
    <Page title={t('evacuation.title')} size="xl">
      {buildingId === undefined ? (
        <Alert color="yellow" variant="light">
          {t('evacuation.noBuilding')}
        </Alert>
      ) : (
        <>
          <Select
            className={classes.noPrint}
            label={t('evacuation.building')}
            data={buildings.map((building) => ({ value: building.id, label: building.name }))}
            value={buildingId}
            allowDeselect={false}
            onChange={(value) => value && setSearch({ building: value }, { replace: true })}
            maw={360}
          />
          <BuildingEvacuation key={buildingId} buildingId={buildingId} />
        </>
      )}
    </Page>
  );
}

function BuildingEvacuation({ buildingId }: { buildingId: string }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const noticeText = useNoticeText();
  const { state, reload } = useEvacuationList(buildingId);
  const rollCall = useRollCall(buildingId);
  const [filter, setFilter] = useState<RollCallFilter>('all');
  // One stream for both: who is inside, and the roll call's marks by every warden.
  useLiveVisits(
    buildingId,
    (change) => {
      if (change.resync || change.events.length > 0) reload();
      if (change.resync || change.rollCalls.length > 0) rollCall.reload();
    },
    undefined,
    { rollCalls: true },
  );
  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'failed') {
    return (
      <Alert color="red" variant="light" title={t('evacuation.loadFailed')}>
        {noticeText(messageFromError(state.error))}
      </Alert>
    );
  }
  const { list } = state;
  const shown = list.groups.filter((group) => group.people.length > 0);
  const nobodyShown =
    rollCall.running &&
    shown.length > 0 &&
    !shown.some((group) => group.people.some((person) => shownBy(filter, rollCall.marks.get(person.visitId))));
  const refresh = () => {
    reload();
    rollCall.reload();
  };
  return (
    <div className={classes.list} data-dense={list.total > 24 ? 'true' : undefined}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Text component="h2" fw={700} size="xl" className={classes.printTitle}>
            {list.building.name}
          </Text>
          <Text fw={700} data-testid="evacuation-total">
            {t('evacuation.inside', { count: list.total })}
          </Text>
          <Text size="sm">
            {t('evacuation.listOf', { time: format.dateTimeIn(list.generatedAt, list.building.timeZoneId) })}
            <span className={classes.noPrint}> · {t('evacuation.live')}</span>
          </Text>
        </div>
        <Group gap="sm" className={classes.noPrint}>
          <Button variant="default" onClick={refresh}>
            {t('evacuation.refresh')}
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            {t('evacuation.print')}
          </Button>
        </Group>
      </Group>
      <RollCallPanel
        groups={list.groups}
        rollCall={rollCall}
        filter={filter}
        onFilter={setFilter}
        zone={list.building.timeZoneId}
      />
      {shown.length === 0 ? (
        <Text data-testid="evacuation-empty">{t('evacuation.empty')}</Text>
      ) : (
        <div className={classes.groups}>
          {nobodyShown && <Text className={classes.noPrint}>{t('evacuation.rollCall.nobodyShown')}</Text>}
          {shown.map((group) => (
            <EvacuationGroupTable
              key={group.visitorType}
              group={group}
              rollCall={rollCall}
              filter={filter}
              zone={list.building.timeZoneId}
            />
          ))}
        </div>
      )}
      {rollCall.running && rollCall.rollCall && (
        <RollCallHistory rollCall={rollCall.rollCall} groups={list.groups} zone={list.building.timeZoneId} />
      )}
    </div>
  );
}
