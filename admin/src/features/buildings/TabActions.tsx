import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../components/AppDialog.tsx';

/** Cancel (closes the dialog, changes dropped) and Save (the form's submit), kept in sight. */
export function TabActions({ onCancel, saveDisabled }: { onCancel: () => void; saveDisabled: boolean }) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={saveDisabled}>
        {t('common.save')}
      </Button>
    </DialogActions>
  );
}
