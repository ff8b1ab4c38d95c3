import { Badge, Button, Text } from '@mantine/core';
import type { Resources } from '@vestibule/shared/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/Page.tsx';

export type ScreenId = Exclude<keyof Resources['pages'], 'comingSoon'>;

/** Stands in for a screen that a later version builds: its title and what it will do. */
export function ComingSoonPage({ screen }: { screen: ScreenId }) {
  const { t } = useTranslation();
  return (
    <Page title={t(`pages.${screen}.title`)}>
      <div>
        <Badge variant="outline" size="lg" data-testid="coming-soon">
          {t('pages.comingSoon.badge')}
        </Badge>
      </div>
      <Text>{t(`pages.${screen}.description`)}</Text>
      <Text>{t('pages.comingSoon.text')}</Text>
      <div>
        <Button component={Link} to="/" variant="outline">
          {t('pages.comingSoon.home')}
        </Button>
      </div>
    </Page>
  );
}
