import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppDialog, DialogActions } from './AppDialog.tsx';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Red confirm button for actions that lose data. */
  danger?: boolean;
  busy?: boolean;
  'data-testid'?: string;
}

/** A question with two answers; the safe answer has the focus and Escape picks it. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  danger = false,
  busy = false,
  ...rest
}: ConfirmDialogProps) {
  return (
    <AppDialog opened={opened} onClose={onCancel} title={title} size="md" data-testid={rest['data-testid']}>
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <DialogActions>
          <Button variant="default" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Stack>
    </AppDialog>
  );
}
