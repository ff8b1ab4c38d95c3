import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { entryLogApi } from '../entryLogApi.ts';
import { type RemoteOption, RemoteSelect } from '../invite/RemoteSelect.tsx';
import type { DeskHost } from './deskForm.ts';

/**
 * The desk's host field: a search of the building's directory as staff type (the staff host
 * search, GET /meeting/building/{id}/employee), name and department shown; the host picked stays
 * linked to the visit and is told of the arrival. A component of its own, so a richer host
 * search can take its place.
 */
export function DeskHostField(props: {
  buildingId: string;
  value: DeskHost | null;
  onChange: (host: DeskHost | null) => void;
  required: boolean;
  error: string | undefined;
}) {
  const { buildingId, value, onChange, required, error } = props;
  const { t } = useTranslation();
  const names = useRef(new Map<string, string>());
  const find = useCallback(
    async (text: string, signal: AbortSignal): Promise<RemoteOption[]> => {
      const hosts = await entryLogApi.hosts(buildingId, text, signal);
      for (const host of hosts) names.current.set(host.personId, `${host.firstName} ${host.lastName}`);
      return hosts.map((host) => ({
        value: host.personId,
        label: [`${host.firstName} ${host.lastName}`, host.department ?? host.jobTitle].filter(Boolean).join(' · '),
      }));
    },
    [buildingId],
  );
  return (
    <RemoteSelect
      key={buildingId}
      id="desk-host"
      label={t('entryLog.desk.host')}
      placeholder={t('entryLog.desk.hostHelp')}
      nothingFound={t('entryLog.desk.hostNone')}
      value={value?.personId ?? ''}
      onChange={(option) =>
        onChange(option ? { personId: option.value, name: names.current.get(option.value) ?? option.label } : null)
      }
      find={find}
      initialOption={value && { value: value.personId, label: value.name }}
      required={required}
      error={error}
    />
  );
}
