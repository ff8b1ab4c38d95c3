import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { useDelayedFlag, useLoadingStore } from '../loading/index.ts';

/** Quick calls finish before the dialog would appear, so it does not flash. */
export const LOADING_DIALOG_DELAY_MS = 400;

/** The "please wait" dialog (width 300) shown while calls run. */
export function LoadingDialog() {
  const { t } = useTranslation();
  const busy = useLoadingStore((state) => state.pending > 0);
  const visible = useDelayedFlag(busy, LOADING_DIALOG_DELAY_MS);
  return (
    <AppDialog
      opened={visible}
      onClose={() => undefined}
      size={300}
      dismissible={false}
      title={t('common.pleaseWait')}
      data-testid="loading-dialog"
    >
      <Group gap="md" wrap="nowrap">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('shell.loading.text')}</Text>
      </Group>
    </AppDialog>
  );
}
