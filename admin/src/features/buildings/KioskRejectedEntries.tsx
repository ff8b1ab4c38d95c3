import { Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RejectedKioskEntry } from './buildingsApi.ts';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { KioskEntriesSection } from './KioskEntriesSection.tsx';
import { shortId } from './kioskDeviceText.ts';

/** The offline entries the server refused and staff have not resolved yet, each with its Resolve button. */
export function KioskRejectedEntries(props: {
  rejected: RejectedKioskEntry[];
  busy: boolean;
  /** The entry being resolved, if any. */
  resolving: string | null;
  onResolve: (entry: RejectedKioskEntry) => void;
}) {
  const { rejected, busy, resolving, onResolve } = props;
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  return (
    <KioskEntriesSection
      title={t('buildings.kiosks.toResolve')}
      empty={rejected.length === 0}
      emptyText={t('buildings.kiosks.nothingToResolve')}
      intro={t('buildings.kiosks.toResolveIntro')}
      caption={t('buildings.kiosks.rejectedCaption')}
      columns={[
        { label: t('buildings.kiosks.person') },
        { label: t('buildings.kiosks.type') },
        { label: t('buildings.kiosks.reason') },
        { label: t('buildings.kiosks.occurredAt') },
        { label: t('buildings.kiosks.device') },
        { label: t('buildings.common.actions'), width: 120 },
      ]}
      minWidth={720}
      testId="kiosk-rejected"
    >
      {rejected.map((entry) => {
        const occurred = format.dateTime(entry.occurredAt);
        return (
          <Table.Tr key={entry.mutationId} data-testid="kiosk-rejected-row" data-mutation-id={entry.mutationId}>
            <Table.Td>{entry.personName ?? '—'}</Table.Td>
            <Table.Td>{t(`buildings.kiosks.types.${entry.type}`)}</Table.Td>
            <Table.Td>{t(`errors.${entry.errorCode}`)}</Table.Td>
            <Table.Td>
              <time dateTime={entry.occurredAt}>{occurred}</time>
            </Table.Td>
            <Table.Td>
              <Text size="sm" span ff="monospace" title={entry.deviceId}>
                {shortId(entry.deviceId)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="light"
                onClick={() => onResolve(entry)}
                loading={resolving === entry.mutationId}
                disabled={busy || resolving !== null}
                aria-label={
                  entry.personName
                    ? t('buildings.kiosks.resolveOf', { name: entry.personName })
                    : t('buildings.kiosks.resolveUnnamed', { date: occurred })
                }
                data-testid="kiosk-rejected-resolve"
              >
                {t('buildings.kiosks.resolve')}
              </Button>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </KioskEntriesSection>
  );
}
