import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { paths } from '../routing/index.ts';

export function SignUpPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.signUp.title')} size="sm">
      <Text>{t('shell.signUp.text')}</Text>
      <div>
        <Button component={Link} to={paths.login} variant="outline">
          {t('shell.signUp.logIn')}
        </Button>
      </div>
    </Page>
  );
}
