import { type HostOption, hostName } from '@vestibule/shared';
import { useCallback, useRef } from 'react';
import { entryLogApi } from '../entryLogApi.ts';
import { type RemoteOption, RemoteSelect } from './RemoteSelect.tsx';

/** An option's value: a host of either kind, apart (a person's and a user's ids never meet). */
const hostKey = (host: HostOption) => (host.personId ? `person:${host.personId}` : `user:${host.userId ?? ''}`);
const hostLabel = (host: HostOption) => [hostName(host), host.department].filter(Boolean).join(' · ');

/**
 * The host (docs/check-in.md, "The host"): one of the building's hosts, people of its directory
 * (employees, residents) and users who see it, found by the first letters of a first or last name
 * (GET /meeting/building/{id}/employee), each shown with their department; never an e-mail.
 * Used by the desk's check-in and the invitation.
 */
export function HostSelect(props: {
  buildingId: string;
  value: HostOption | null;
  /** The host chosen earlier, listed whatever the search finds. */
  initial: HostOption | null;
  onChange: (host: HostOption | null) => void;
  id: string;
  label: string;
  description?: string;
  placeholder?: string;
  /** What the list says when nobody's name starts with the typed letters. */
  nothingFound: string;
  required?: boolean;
  error?: string | undefined;
  onBlur?: () => void;
}) {
  const { buildingId, value, initial, onChange } = props;
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
      id={props.id}
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      nothingFound={props.nothingFound}
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
