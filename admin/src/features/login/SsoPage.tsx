import { Group, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { useSession } from '../session/index.ts';

/** `/sso/:token`: signs in with a one-time token, then continues like a login. */
export function SsoPage() {
  const { t } = useTranslation();
  const { token } = useParams();
  const loginWithSso = useSession((state) => state.loginWithSso);

  useEffect(() => {
    // The token is single-use: the session sends it once, however often this runs.
    if (token) void loginWithSso(token);
  }, [token, loginWithSso]);

  return (
    <Page title={t('login.sso.title')} size="xs">
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('login.sso.text')}</Text>
      </Group>
    </Page>
  );
}
