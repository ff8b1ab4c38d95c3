import { Button, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { type WizardVisitorType, hasAnyRole, mayOnVisits, wizardVisitorTypes } from '@vestibule/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routeTable } from '../../routing/index.ts';
import { useSession } from '../../session/index.ts';
import { DirectoryPersonSelect, HostSelect } from './FastCheckInSelects.tsx';
import type { DirectoryPerson, WhoArrives } from './fastCheckIn.ts';

type Source = 'new' | 'directory';

/**
 * The fast check-in's first step: the building, the person type, and for contractors and
 * employees someone of the building's directory (for the roles that read it; others type the
 * person in the wizard), and an optional host of the directory who is told of the arrival.
 */
export function FastCheckInWho(props: {
  initial: WhoArrives;
  onNext: (who: WhoArrives) => void;
  onCancel: () => void;
}) {
  const { initial, onNext, onCancel } = props;
  const { t } = useTranslation();
  const buildings = useSession((state) => state.buildings);
  const role = useSession((state) => state.user?.role);
  const readsDirectory = hasAnyRole(role, routeTable.people.access.roles);
  // The host search is the invitation's call: every role at the door is granted it, but ask the rule.
  const findsHosts = mayOnVisits(role, 'invite');
  const [buildingId, setBuildingId] = useState(initial.buildingId);
  const [visitorType, setVisitorType] = useState<WizardVisitorType>(initial.visitorType);
  // Contractors and employees are mostly in the directory: it comes first, unless staff chose someone new.
  const [source, setSource] = useState<Source>(
    initial.person !== null || initial.visitorType === 'VISITOR' ? 'directory' : 'new',
  );
  const [person, setPerson] = useState<DirectoryPerson | null>(initial.person);
  const [host, setHost] = useState(initial.host);
  const [personMissing, setPersonMissing] = useState(false);

  const fromDirectoryOffered = readsDirectory && visitorType !== 'VISITOR';
  const fromDirectory = fromDirectoryOffered && source === 'directory';
  const hostAsked = findsHosts && visitorType !== 'EMPLOYEE';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fromDirectory && person === null) {
      setPersonMissing(true);
      return;
    }
    onNext({ buildingId, visitorType, person: fromDirectory ? person : null, host: hostAsked ? host : null });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('entryLog.fastCheckIn.intro')}</Text>
        <Select
          id="fast-check-in-building"
          label={t('entryLog.fastCheckIn.building')}
          data={buildings.map((building) => ({ value: building.id, label: building.name }))}
          value={buildingId}
          onChange={(value) => {
            if (!value) return;
            setBuildingId(value);
            setPerson(null);
            setHost(null);
          }}
          allowDeselect={false}
          required
        />
        <Radio.Group
          label={t('entryLog.fastCheckIn.visitorType')}
          value={visitorType}
          onChange={(value) => {
            const type = wizardVisitorTypes.find((candidate) => candidate === value);
            if (!type) return;
            setVisitorType(type);
            setSource('directory');
            setPerson(null);
            setPersonMissing(false);
          }}
          required
        >
          <Group gap="lg" mt={4}>
            {wizardVisitorTypes.map((type) => (
              <Radio key={type} value={type} label={t(`people.types.${type}`)} />
            ))}
          </Group>
        </Radio.Group>
        {fromDirectoryOffered && (
          <Radio.Group
            label={t('entryLog.fastCheckIn.source')}
            value={source}
            onChange={(value) => {
              setSource(value === 'directory' ? 'directory' : 'new');
              setPersonMissing(false);
            }}
          >
            <Group gap="lg" mt={4}>
              <Radio value="directory" label={t('entryLog.fastCheckIn.fromDirectory')} />
              <Radio value="new" label={t('entryLog.fastCheckIn.newPerson')} />
            </Group>
          </Radio.Group>
        )}
        {fromDirectory && (
          <DirectoryPersonSelect
            key={`${buildingId}-${visitorType}`}
            buildingId={buildingId}
            visitorType={visitorType}
            value={person}
            initial={initial.person}
            onChange={(chosen) => {
              setPerson(chosen);
              setPersonMissing(false);
            }}
            error={personMissing ? t('entryLog.fastCheckIn.personRequired') : undefined}
          />
        )}
        {hostAsked && (
          <HostSelect key={buildingId} buildingId={buildingId} value={host} initial={initial.host} onChange={setHost} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('entryLog.fastCheckIn.next')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
