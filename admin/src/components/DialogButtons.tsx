import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from './AppDialog.tsx';

/** The foot of a dialog's form, kept in sight: Cancel, and the submit button (Save unless `submitLabel` says otherwise). */
export function DialogButtons(props: { onCancel: () => void; saving: boolean; submitLabel?: string }) {
  const { onCancel, saving, submitLabel } = props;
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {submitLabel ?? t('common.save')}
      </Button>
    </DialogActions>
  );
}
