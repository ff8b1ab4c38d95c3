import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/Page.tsx';

/** Shown in place of a route whose granted roles do not include the user's. */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.accessDenied.title')} size="sm">
      <Text>{t('shell.accessDenied.text')}</Text>
      <div>
        <Button component={Link} to="/">
          {t('shell.accessDenied.home')}
        </Button>
      </div>
    </Page>
  );
}
