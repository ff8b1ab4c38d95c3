import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { selectImpersonator, useSession, useSessionStore } from '../session/index.ts';

/**
 * While an administrator works as another user, every page says so and offers the way back: the
 * return ends the borrowed session and restores the administrator's own (the session's logout).
 * A session a sign-in link opened in a browser without the administrator's own session ends
 * with a sign-out instead.
 */
export function ImpersonationNotice() {
  const { t } = useTranslation();
  const store = useSessionStore();
  const administrator = useSession(selectImpersonator);
  const wayBack = useSession((state) => state.original !== null);
  const username = useSession((state) => state.user?.username ?? null);
  if (administrator === null || username === null) return null;
  return (
    <Alert color="grape" variant="light" mb="md" data-testid="impersonation-notice">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('shell.impersonation.text', { username, administrator })}</Text>
        <Button size="compact-sm" variant="outline" color="grape.9" onClick={() => store.getState().logout()}>
          {wayBack ? t('shell.impersonation.return', { administrator }) : t('shell.impersonation.end')}
        </Button>
      </Group>
    </Alert>
  );
}
