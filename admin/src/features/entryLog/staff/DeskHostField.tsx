import { useTranslation } from 'react-i18next';
import { HostSelect } from '../invite/HostSelect.tsx';
import type { DeskHost } from './deskForm.ts';

/**
 * The desk's host field: one of the building's hosts found as staff type (docs/check-in.md,
 * "The host"), name and department shown; the host picked stays linked to the visit and is told
 * of the arrival.
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
  return (
    <HostSelect
      key={buildingId}
      id="desk-host"
      buildingId={buildingId}
      label={t('entryLog.desk.host')}
      placeholder={t('entryLog.desk.hostHelp')}
      nothingFound={t('entryLog.desk.hostNone')}
      value={value}
      initial={value}
      onChange={onChange}
      required={required}
      error={error}
    />
  );
}
