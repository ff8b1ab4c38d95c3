import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { HeldVisit, VisitListItem } from '@vestibule/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconLogin } from '../../components/ListIcons.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { IconRefuse } from './EntryLogIcons.tsx';
import classes from './EntryLog.module.css';
import { entryLogApi } from './entryLogApi.ts';
import { actionsFor, shownName } from './visitActions.ts';

/**
 * Above the entry log: every visitor the watchlist holds at the door in the buildings the user
 * sees, whatever the list shows (docs/watchlist.md, "Alerts"), each with the row's own Let in and
 * Refuse (the shared rule decides who may). It loads again with the list (`version`) and with any
 * change anywhere in the user's buildings (`liveVersion`). The wrapper stays in the page as a
 * polite live region, so a visitor newly held is read out without taking the focus.
 */
export function HeldVisitorsBanner(props: {
  version: number;
  liveVersion: number;
  role: string | undefined;
  onAction: (action: 'approveHeld' | 'refuseHeld', visit: VisitListItem) => void;
}) {
  const { version, liveVersion, role, onAction } = props;
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const titleId = useId();
  const [held, setHeld] = useState<HeldVisit[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    entryLogApi.held(controller.signal).then(
      (answer) => setHeld(answer.docs),
      // The list says when the server cannot be reached; the banner keeps what it showed.
      () => undefined,
    );
    return () => controller.abort();
  }, [version, liveVersion]);

  return (
    <div aria-live="polite" data-testid="held-visitors">
      {held.length > 0 && (
        <Paper role="region" aria-labelledby={titleId} className={classes.heldBanner} withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={2} size="h4" id={titleId}>
              {t('entryLog.heldBanner.title', { count: held.length })}
            </Title>
            <Text size="sm">{t('entryLog.heldBanner.help')}</Text>
            <ul className={classes.heldList}>
              {held.map((visit) => {
                const name = shownName(visit, t);
                const actions = actionsFor(role, visit);
                return (
                  <li key={visit.id} className={classes.heldItem} data-testid={`held-visitor-${visit.id}`}>
                    <Group justify="space-between" gap="sm" wrap="wrap">
                      <Text size="sm">
                        <Text span fw={700}>
                          {name}
                        </Text>{' '}
                        {t('entryLog.heldBanner.where', { building: visit.buildingName })},{' '}
                        <Text span title={format.dateTimeIn(visit.heldSince, visit.timeZoneId)}>
                          {t('entryLog.heldBanner.since', { time: format.brief(visit.heldSince, visit.timeZoneId) })}
                        </Text>
                      </Text>
                      <Group gap="xs">
                        {actions.includes('approveHeld') && (
                          <Button
                            size="compact-sm"
                            leftSection={<IconLogin size={16} />}
                            aria-label={t('entryLog.rowActions.approveHeldOf', { name })}
                            onClick={() => onAction('approveHeld', visit)}
                          >
                            {t('entryLog.heldBanner.letIn')}
                          </Button>
                        )}
                        {actions.includes('refuseHeld') && (
                          <Button
                            size="compact-sm"
                            variant="outline"
                            color="red.9"
                            leftSection={<IconRefuse size={16} />}
                            aria-label={t('entryLog.rowActions.refuseHeldOf', { name })}
                            onClick={() => onAction('refuseHeld', visit)}
                          >
                            {t('entryLog.heldBanner.refuse')}
                          </Button>
                        )}
                      </Group>
                    </Group>
                  </li>
                );
              })}
            </ul>
          </Stack>
        </Paper>
      )}
    </div>
  );
}
