import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { appVersion } from '../appUpdate/index.ts';

/** The product name and version (application.md section 1). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="center" gap="xs">
      <Text size="sm">
        {t('common.productName')} ·{' '}
        <span data-testid="app-version">{t('shell.footer.version', { version: appVersion })}</span>
      </Text>
    </Group>
  );
}
