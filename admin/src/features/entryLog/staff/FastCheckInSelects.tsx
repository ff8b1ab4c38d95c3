import type { WizardVisitorType } from '@vestibule/shared';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { entryLogApi } from '../entryLogApi.ts';
import { type RemoteOption, RemoteSelect } from '../invite/RemoteSelect.tsx';
import type { DirectoryPerson, WhoArrives } from './fastCheckIn.ts';

const personLabel = (person: DirectoryPerson) =>
  [`${person.firstName} ${person.lastName}`, person.email].filter(Boolean).join(' · ');

/** Someone of the building's directory of one person type, found as staff type (GET /people). */
export function DirectoryPersonSelect(props: {
  buildingId: string;
  visitorType: WizardVisitorType;
  value: DirectoryPerson | null;
  initial: DirectoryPerson | null;
  onChange: (person: DirectoryPerson | null) => void;
  error: string | undefined;
}) {
  const { buildingId, visitorType, value, initial, onChange, error } = props;
  const { t } = useTranslation();
  // What the searches found, by id: the chosen option's record.
  const found = useRef(new Map<string, DirectoryPerson>());
  const find = useCallback(
    async (text: string, signal: AbortSignal): Promise<RemoteOption[]> => {
      const people = await entryLogApi.people(buildingId, text, visitorType, signal);
      for (const person of people) found.current.set(person.id, person);
      return people.map((person) => ({ value: person.id, label: personLabel(person) }));
    },
    [buildingId, visitorType],
  );
  return (
    <RemoteSelect
      id="fast-check-in-person"
      label={t('entryLog.fastCheckIn.person')}
      description={t('entryLog.fastCheckIn.personHelp')}
      nothingFound={t('entryLog.fastCheckIn.personNone')}
      value={value?.id ?? ''}
      onChange={(option) => onChange(option ? (found.current.get(option.value) ?? null) : null)}
      error={error}
      find={find}
      initialOption={initial && { value: initial.id, label: personLabel(initial) }}
      required
    />
  );
}

type Host = WhoArrives['host'];

/** The host: an employee of the building in the directory (the invitation's host search), optional. */
export function HostSelect(props: { buildingId: string; value: Host; initial: Host; onChange: (host: Host) => void }) {
  const { buildingId, value, initial, onChange } = props;
  const { t } = useTranslation();
  const names = useRef(new Map<string, string>());
  const find = useCallback(
    async (text: string, signal: AbortSignal): Promise<RemoteOption[]> => {
      const hosts = await entryLogApi.hosts(buildingId, text, signal);
      for (const host of hosts) names.current.set(host.personId, `${host.firstName} ${host.lastName}`);
      return hosts.map((host) => ({
        value: host.personId,
        label: [`${host.firstName} ${host.lastName}`, host.department ?? host.jobTitle ?? host.email]
          .filter(Boolean)
          .join(' · '),
      }));
    },
    [buildingId],
  );
  return (
    <RemoteSelect
      id="fast-check-in-host"
      label={t('entryLog.fastCheckIn.host')}
      description={t('entryLog.fastCheckIn.hostHelp')}
      nothingFound={t('entryLog.fastCheckIn.hostNone')}
      value={value?.personId ?? ''}
      onChange={(option) =>
        onChange(option ? { personId: option.value, name: names.current.get(option.value) ?? option.label } : null)
      }
      find={find}
      initialOption={initial && { value: initial.personId, label: initial.name }}
    />
  );
}
