import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/Page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.notFound.title')} size="sm">
      <Text>{t('shell.notFound.text')}</Text>
      <div>
        <Button component={Link} to="/">
          {t('shell.notFound.home')}
        </Button>
      </div>
    </Page>
  );
}
