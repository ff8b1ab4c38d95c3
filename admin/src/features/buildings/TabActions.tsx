import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Cancel (closes the dialog, changes dropped) and Save (the form's submit). */
export function TabActions({ onCancel, saveDisabled }: { onCancel: () => void; saveDisabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={saveDisabled}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
