import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RejectedKioskEntry } from './buildingsApi.ts';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
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
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          {t('buildings.kiosks.toResolve')}
        </Title>
        {rejected.length === 0 ? (
          <Text size="sm" data-testid="kiosk-rejected-empty">
            {t('buildings.kiosks.nothingToResolve')}
          </Text>
        ) : (
          <>
            <Text size="sm">{t('buildings.kiosks.toResolveIntro')}</Text>
            <Table.ScrollContainer minWidth={720}>
              <Table withTableBorder verticalSpacing="xs" data-testid="kiosk-rejected-table">
                <Table.Caption>{t('buildings.kiosks.rejectedCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('buildings.kiosks.person')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.type')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.reason')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.occurredAt')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.device')}</Table.Th>
                    <Table.Th scope="col" w={120}>
                      {t('buildings.common.actions')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rejected.map((entry) => {
                    const occurred = format.dateTime(entry.occurredAt);
                    return (
                      <Table.Tr
                        key={entry.mutationId}
                        data-testid="kiosk-rejected-row"
                        data-mutation-id={entry.mutationId}
                      >
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
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </section>
  );
}
