import { ActionIcon, Button, Fieldset, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import {
  buildingQuestionnairesSchema,
  checkInPersonTypes,
  type Building,
  type CheckInPersonType,
} from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from './BuildingIcons.tsx';
import { useBuildingDialog, useUnsavedFlag } from './buildingDialogContext.ts';
import type { QuestionnaireKind, QuestionnaireLists, QuestionnaireRef } from './buildingsApi.ts';
import { TabActions } from './TabActions.tsx';

export type PersonLists = Record<CheckInPersonType, string[]>;

/** The entry and the exit calls answer the lists in one shape. */
function fromAnswer(lists: QuestionnaireLists): PersonLists {
  return {
    VISITOR: lists.visitorQuestionnaires,
    CONTRACTOR: lists.contractorQuestionnaires,
    EMPLOYEE: lists.employeeQuestionnaires,
  };
}

/** Moves the questionnaire at `index` one place up (-1) or down (+1). */
export function moveInList(list: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}

function sameLists(a: PersonLists | null, b: PersonLists | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Tabs 3 and 4: the questionnaires each person type answers on entry, or on exit, in order. */
export function QuestionnairesTab({ building, kind }: { building: Building; kind: QuestionnaireKind }) {
  const { t } = useTranslation();
  const { notices, busy, cancel } = useBuildingDialog();
  const { showError } = notices;
  const [saved, setSaved] = useState<PersonLists | null>(null);
  const [lists, setLists] = useState<PersonLists | null>(null);
  const [all, setAll] = useState<QuestionnaireRef[]>([]);
  const tab = kind === 'entry' ? 'questionnaires' : 'exitQuestionnaires';
  useUnsavedFlag(tab, !sameLists(saved, lists));

  useEffect(() => {
    let live = true;
    const params = { id: building.id };
    const loadLists = api
      .call(kind === 'entry' ? 'GET /building/:id/questionnaire' : 'GET /building/:id/exitQuestionnaire', { params })
      .then(fromAnswer);
    Promise.all([loadLists, api.call('GET /questionnaire/all')]).then(
      ([loaded, questionnaires]) => {
        if (!live) return;
        setSaved(loaded);
        setLists(loaded);
        setAll(questionnaires);
      },
      (error: unknown) => live && showError(error),
    );
    return () => {
      live = false;
    };
  }, [building.id, kind, showError]);

  const save = async () => {
    if (!lists) return;
    try {
      const body = buildingQuestionnairesSchema.parse({
        visitorQuestionnaires: lists.VISITOR,
        contractorQuestionnaires: lists.CONTRACTOR,
        employeeQuestionnaires: lists.EMPLOYEE,
      });
      const params = { id: building.id };
      const answer = fromAnswer(
        kind === 'entry'
          ? await api.call('PUT /building/:id/questionnaire', { params, body })
          : await api.call('PUT /building/:id/exitQuestionnaire', { params, body }),
      );
      setSaved(answer);
      setLists(answer);
      notices.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
    } catch (error) {
      notices.showError(error);
    }
  };

  const tabName = t(kind === 'entry' ? 'buildings.tabs.questionnaires' : 'buildings.tabs.exitQuestionnaires');
  if (!lists) {
    return (
      <Group justify="center" p="xl">
        <Loader size="sm" aria-label={t('buildings.common.loading')} />
      </Group>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      aria-label={tabName}
    >
      <Stack gap="lg">
        {all.length === 0 && <Text size="sm">{t('buildings.questionnaires.noneInCompany')}</Text>}
        {checkInPersonTypes.map((type) => (
          <PersonList
            key={type}
            kind={kind}
            personType={type}
            list={lists[type]}
            all={all}
            onChange={(next) => setLists((current) => (current ? { ...current, [type]: next } : current))}
          />
        ))}
        <TabActions onCancel={cancel} saveDisabled={busy} />
      </Stack>
    </form>
  );
}

interface PersonListProps {
  kind: QuestionnaireKind;
  personType: CheckInPersonType;
  list: string[];
  all: QuestionnaireRef[];
  onChange: (list: string[]) => void;
}

function PersonList({ kind, personType, list, all, onChange }: PersonListProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const typeName = t(`buildings.personTypes.${personType}`);
  const nameOf = (id: string) =>
    all.find((questionnaire) => questionnaire.id === id)?.name ?? t('buildings.questionnaires.unknown');
  const available = all.filter((questionnaire) => !list.includes(questionnaire.id));
  const selectId = `${kind}-${personType}-add`;
  return (
    <Fieldset legend={typeName} data-testid={`${kind}-questionnaires-${personType}`}>
      <Stack gap="sm">
        {list.length === 0 ? (
          <Text size="sm">{t('buildings.questionnaires.empty', { type: typeName })}</Text>
        ) : (
          <Table withTableBorder verticalSpacing="xs">
            <Table.Caption>{t('buildings.questionnaires.caption', { type: typeName })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={60}>
                  {t('buildings.questionnaires.order')}
                </Table.Th>
                <Table.Th scope="col">{t('buildings.questionnaires.name')}</Table.Th>
                <Table.Th scope="col" w={140}>
                  {t('buildings.common.actions')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((id, index) => {
                const name = nameOf(id);
                return (
                  <Table.Tr key={id}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('buildings.questionnaires.up', { name })}
                          disabled={index === 0}
                          onClick={() => onChange(moveInList(list, index, -1))}
                        >
                          <IconArrowUp />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('buildings.questionnaires.down', { name })}
                          disabled={index === list.length - 1}
                          onClick={() => onChange(moveInList(list, index, 1))}
                        >
                          <IconArrowDown />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('buildings.questionnaires.remove', { name })}
                          onClick={() => onChange(list.filter((other) => other !== id))}
                        >
                          <IconTrash />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <Group align="flex-end" gap="sm">
          <Select
            id={selectId}
            label={t('buildings.questionnaires.choose', { type: typeName })}
            data={available.map((questionnaire) => ({ value: questionnaire.id, label: questionnaire.name }))}
            value={chosen}
            onChange={setChosen}
            searchable
            disabled={available.length === 0}
            nothingFoundMessage={t('buildings.common.nothingFound')}
            style={{ flex: 1, maxWidth: 420 }}
          />
          <Button
            variant="light"
            leftSection={<IconPlus />}
            disabled={!chosen}
            aria-label={t('buildings.questionnaires.addTo', { type: typeName })}
            onClick={() => {
              if (!chosen) return;
              onChange([...list, chosen]);
              setChosen(null);
            }}
          >
            {t('buildings.questionnaires.add')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
