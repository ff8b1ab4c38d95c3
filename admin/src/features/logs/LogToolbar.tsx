import { Button, Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload } from '../../components/ListIcons.tsx';
import { saveTextFile } from '../../format/saveTextFile.ts';
import { messageFromError, notifications } from '../notifications/index.ts';

/**
 * The filters and actions of a Logs tab: the period (two days, the first not after the last), the
 * tab's own filters, Refresh, and the CSV of what the filters select (a failure said in a banner).
 */
export function LogToolbar(props: {
  /** Prefix of the period fields' ids (each tab's own, so labels stay unique on the page). */
  idPrefix: string;
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
  children?: ReactNode;
  refreshLabel?: string;
  onRefresh: () => void;
  csvFileName: string;
  csv: () => Promise<string>;
}) {
  const { t } = useTranslation();
  const { idPrefix, from, to, onFrom, onTo, children, refreshLabel, onRefresh, csvFileName, csv } = props;
  const download = async () => {
    try {
      saveTextFile(await csv(), csvFileName, 'text/csv');
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group align="flex-end" gap="sm">
        <TextInput
          id={`${idPrefix}-from`}
          type="date"
          label={t('operations.period.from')}
          value={from}
          max={to || undefined}
          onChange={(event) => onFrom(event.currentTarget.value)}
          w={170}
        />
        <TextInput
          id={`${idPrefix}-to`}
          type="date"
          label={t('operations.period.to')}
          value={to}
          min={from || undefined}
          onChange={(event) => onTo(event.currentTarget.value)}
          w={170}
        />
        {children}
      </Group>
      <Group gap="sm">
        <Button variant="outline" onClick={onRefresh}>
          {refreshLabel ?? t('operations.refresh')}
        </Button>
        <Button variant="default" leftSection={<IconDownload />} onClick={() => void download()}>
          {t('operations.download')}
        </Button>
      </Group>
    </Group>
  );
}
