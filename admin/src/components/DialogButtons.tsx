import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The foot of a dialog's form: Cancel, and the submit button (Save unless `submitLabel` says otherwise). */
export function DialogButtons(props: { onCancel: () => void; saving: boolean; submitLabel?: string }) {
  const { onCancel, saving, submitLabel } = props;
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {submitLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}
