import { Button, Group, Table, Text } from '@mantine/core';
import type { HeldMutation } from '@vestibule/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { useBuildingDialog } from './buildingDialogContext.ts';
import { KioskEntriesSection } from './KioskEntriesSection.tsx';
import { shortId } from './kioskDeviceText.ts';

type Decision = 'apply' | 'discard';

/**
 * The entries revoked kiosks of the building sent after their revocation, held for review
 * (docs/kiosk.md, "Revocation and held entries"): each applied or discarded after a confirmation.
 * Shown once there is one; after the last, it says none waits, and the focus stays in the section.
 * `reloads` follows the section's refresh; `onChanged` asks the section to reload (an applied
 * entry the rules refused joins the entries to resolve).
 */
export function KioskHeldEntries({
  buildingId,
  reloads,
  onChanged,
}: {
  buildingId: string;
  reloads: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const { notices, busy } = useBuildingDialog();
  const { showError, showMessages, showSuccess } = notices;
  const [held, setHeld] = useState<HeldMutation[] | null>(null);
  const [reviewed, setReviewed] = useState(false);
  const [asking, setAsking] = useState<{ entry: HeldMutation; decision: Decision } | null>(null);
  const [working, setWorking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  /** After a decision, the focus goes to this entry's Apply button (the next one), or to the heading. */
  const focusNext = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    api.call('GET /building/:id/devices/held', { params: { id: buildingId } }).then(
      (answer) => {
        if (live) setHeld(answer.held);
      },
      (error: unknown) => {
        if (live) showError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [buildingId, reloads, showError]);

  useEffect(() => {
    if (focusNext.current === undefined || held === null) return;
    const next = focusNext.current;
    focusNext.current = undefined;
    const button = next ? document.querySelector<HTMLButtonElement>(`[data-held-apply="${next}"]`) : null;
    (button ?? heading.current)?.focus();
  }, [held]);

  if (held === null || (held.length === 0 && !reviewed)) return null;

  const nameOf = (entry: HeldMutation) => entry.personName ?? t('buildings.kiosks.held.someone');
  const kioskOf = (entry: HeldMutation) => entry.deviceName ?? t('buildings.kiosks.unnamed');

  const decide = async () => {
    if (!asking) return;
    const { entry, decision } = asking;
    const index = held.findIndex((candidate) => candidate.mutationId === entry.mutationId);
    const params = { id: buildingId, deviceId: entry.deviceId, mutationId: entry.mutationId };
    setWorking(true);
    try {
      if (decision === 'apply') {
        const answer = await api.call('POST /building/:id/devices/:deviceId/held/:mutationId/apply', { params });
        if (answer.outcome === 'refused') {
          const reason = t(`errors.${answer.reason ?? 'INTERNAL_ERROR'}`);
          showMessages([{ key: 'buildings.kiosks.held.refused', params: { reason } }]);
        } else {
          showSuccess({ key: 'buildings.kiosks.held.applied' });
        }
      } else {
        await api.call('POST /building/:id/devices/:deviceId/held/:mutationId/discard', { params });
        showSuccess({ key: 'buildings.kiosks.held.discarded' });
      }
      const rest = held.filter((candidate) => candidate.mutationId !== entry.mutationId);
      focusNext.current = (rest[index] ?? rest[index - 1])?.mutationId ?? null;
      setReviewed(true);
      setAsking(null);
      onChanged();
    } catch (error) {
      // Reviewed meanwhile by someone else (KIOSK_ENTRY_NOT_HELD): the list is read again.
      showError(error);
      setAsking(null);
      onChanged();
    } finally {
      setWorking(false);
    }
  };

  const confirmText = asking
    ? t(`buildings.kiosks.held.${asking.decision}Text.${asking.entry.type}`, {
        name: nameOf(asking.entry),
        date: format.dateTime(asking.entry.occurredAt),
        kiosk: kioskOf(asking.entry),
      })
    : '';

  return (
    <>
      <KioskEntriesSection
        title={t('buildings.kiosks.held.title')}
        headingRef={heading}
        empty={held.length === 0}
        emptyText={t('buildings.kiosks.held.none')}
        intro={t('buildings.kiosks.held.intro')}
        caption={t('buildings.kiosks.held.caption')}
        columns={[
          { label: t('buildings.kiosks.person') },
          { label: t('buildings.kiosks.type') },
          { label: t('buildings.kiosks.occurredAt') },
          { label: t('buildings.kiosks.held.arrived') },
          { label: t('buildings.kiosks.held.kiosk') },
          { label: t('buildings.common.actions') },
        ]}
        minWidth={760}
        testId="kiosk-held"
      >
        {held.map((entry) => {
          const occurred = format.dateTime(entry.occurredAt);
          const label = (decision: Decision) =>
            entry.personName
              ? t(`buildings.kiosks.held.${decision}Of`, { name: entry.personName })
              : t(`buildings.kiosks.held.${decision}Unnamed`, { date: occurred });
          return (
            <Table.Tr key={entry.mutationId} data-testid="kiosk-held-row" data-mutation-id={entry.mutationId}>
              <Table.Td>{entry.personName ?? '—'}</Table.Td>
              <Table.Td>{t(`buildings.kiosks.types.${entry.type}`)}</Table.Td>
              <Table.Td>
                <time dateTime={entry.occurredAt}>{occurred}</time>
              </Table.Td>
              <Table.Td>
                <time dateTime={entry.receivedAt}>{format.dateTime(entry.receivedAt)}</time>
              </Table.Td>
              <Table.Td>
                <Text size="sm" span title={entry.deviceId}>
                  {entry.deviceName ?? shortId(entry.deviceId)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('buildings.kiosks.held.revokedOn', { date: format.dateTime(entry.revokedAt) })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    onClick={() => setAsking({ entry, decision: 'apply' })}
                    disabled={busy || working}
                    aria-label={label('apply')}
                    data-held-apply={entry.mutationId}
                    data-testid="kiosk-held-apply"
                  >
                    {t('buildings.kiosks.held.apply')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red.9"
                    onClick={() => setAsking({ entry, decision: 'discard' })}
                    disabled={busy || working}
                    aria-label={label('discard')}
                    data-testid="kiosk-held-discard"
                  >
                    {t('buildings.kiosks.held.discard')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </KioskEntriesSection>
      <ConfirmDialog
        opened={asking !== null}
        title={t(
          asking?.decision === 'discard' ? 'buildings.kiosks.held.discardTitle' : 'buildings.kiosks.held.applyTitle',
        )}
        confirmLabel={t(
          asking?.decision === 'discard' ? 'buildings.kiosks.held.discard' : 'buildings.kiosks.held.apply',
        )}
        cancelLabel={t('buildings.kiosks.held.cancel')}
        danger={asking?.decision === 'discard'}
        busy={working}
        onConfirm={() => void decide()}
        onCancel={() => setAsking(null)}
        data-testid="kiosk-held-confirm"
      >
        {confirmText}
      </ConfirmDialog>
    </>
  );
}
