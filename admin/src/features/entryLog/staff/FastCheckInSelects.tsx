import { type HostOption, type WizardVisitorType, hostName } from '@vestibule/shared';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { entryLogApi } from '../entryLogApi.ts';
import { type RemoteOption, RemoteSelect } from '../invite/RemoteSelect.tsx';
import type { DirectoryPerson } from './fastCheckIn.ts';

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

/** An option's value: a host of either kind, apart (a person's and a user's ids never meet). */
const hostKey = (host: HostOption) => (host.personId ? `person:${host.personId}` : `user:${host.userId ?? ''}`);
const hostLabel = (host: HostOption) => [hostName(host), host.department].filter(Boolean).join(' · ');

/**
 * The host (docs/check-in.md, "The host"): one of the building's hosts, people of its directory
 * (employees, residents) and users who see it, found by the first letters of a first or last name
 * (GET /meeting/building/{id}/employee), each shown with their department; never an e-mail.
 * Used by the fast check-in and the invitation.
 */
export function HostSelect(props: {
  buildingId: string;
  value: HostOption | null;
  /** The host chosen earlier, listed whatever the search finds. */
  initial: HostOption | null;
  onChange: (host: HostOption | null) => void;
  id?: string;
  label?: string;
  description?: string;
  required?: boolean;
  error?: string | undefined;
  onBlur?: () => void;
}) {
  const { buildingId, value, initial, onChange } = props;
  const { t } = useTranslation();
  // What the searches found, by option: the chosen option's host.
  const found = useRef(new Map<string, HostOption>(initial ? [[hostKey(initial), initial]] : []));
  const find = useCallback(
    async (text: string, signal: AbortSignal): Promise<RemoteOption[]> => {
      if (buildingId === '') return [];
      const hosts = await entryLogApi.hosts(buildingId, text, signal);
      for (const host of hosts) found.current.set(hostKey(host), host);
      return hosts.map((host) => ({ value: hostKey(host), label: hostLabel(host) }));
    },
    [buildingId],
  );
  return (
    <RemoteSelect
      id={props.id ?? 'fast-check-in-host'}
      label={props.label ?? t('entryLog.fastCheckIn.host')}
      description={props.description ?? t('entryLog.fastCheckIn.hostHelp')}
      nothingFound={t('entryLog.fastCheckIn.hostNone')}
      value={value ? hostKey(value) : ''}
      onChange={(option) => onChange(option ? (found.current.get(option.value) ?? null) : null)}
      onBlur={props.onBlur}
      error={props.error}
      find={find}
      initialOption={initial && { value: hostKey(initial), label: hostLabel(initial) }}
      required={props.required}
    />
  );
}
