import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { homePathFor } from '../routing/routeAccess.ts';
import { paths } from '../routing/routeTable.ts';
import { selectSignedIn } from '../session/session.store.ts';
import { useSession } from '../session/useSession.ts';

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
