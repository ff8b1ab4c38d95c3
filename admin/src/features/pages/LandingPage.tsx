import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { homePathFor, paths } from '../routing/index.ts';
import { selectSignedIn, useSession } from '../session/index.ts';

/** `/`: the landing page for visitors, the home screen for signed-in users. */
export function LandingPage() {
  const { t } = useTranslation();
  const signedIn = useSession(selectSignedIn);
  const role = useSession((state) => state.user?.role);
  if (signedIn) return <Navigate to={homePathFor(role)} replace />;
  return (
    <Page title={t('shell.landing.title')} size="sm">
      <Text size="lg">{t('shell.landing.text')}</Text>
      <div>
        <Button component={Link} to={paths.login} size="md">
          {t('shell.landing.logIn')}
        </Button>
      </div>
    </Page>
  );
}
