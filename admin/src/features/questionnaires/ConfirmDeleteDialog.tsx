import { Button, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';

interface ConfirmDeleteDialogProps {
  opened: boolean;
  title: string;
  confirmLabel: string;
  children: ReactNode;
  onClose: () => void;
  /** Runs the deletion; the dialog closes itself when it settles. */
  onConfirm: () => Promise<void>;
  /** False when the deletion is refused up front: the dialog only says why, with a Close button. */
  canConfirm?: boolean;
  'data-testid'?: string;
}

/**
 * Asks before deleting; Cancel has the focus first, so Enter never deletes by accident. A deletion
 * refused up front (`canConfirm` false) is only explained.
 */
export function ConfirmDeleteDialog({
  opened,
  title,
  confirmLabel,
  children,
  onClose,
  onConfirm,
  canConfirm = true,
  ...rest
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (pending) return;
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  };

  return (
    <AppDialog opened={opened} onClose={onClose} title={title} data-testid={rest['data-testid']}>
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <DialogActions>
          <Button variant="default" onClick={onClose} data-autofocus>
            {t(canConfirm ? 'common.cancel' : 'common.close')}
          </Button>
          {canConfirm && (
            <Button color="red" loading={pending} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          )}
        </DialogActions>
      </Stack>
    </AppDialog>
  );
}
