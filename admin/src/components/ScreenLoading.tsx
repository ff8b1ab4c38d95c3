import { Center, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code arrives (each screen is its own file, fetched on first visit). */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Center p="xl" role="status">
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('shell.loading.text')}</Text>
      </Group>
    </Center>
  );
}
