import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppDialog } from './AppDialog.tsx';
import { DialogButtons } from './DialogButtons.tsx';

interface FormDialogProps {
  title: string;
  /** The form's id (`useServerFieldErrors().formId`): a refused field takes the focus. */
  formId: string;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
  'data-testid'?: string;
}

/** A dialog holding one small form: its fields, then Cancel and Save; Enter or Save submits it. */
export function FormDialog({ title, formId, saving, onSubmit, onCancel, children, ...rest }: FormDialogProps) {
  return (
    <AppDialog opened onClose={onCancel} title={title} data-testid={rest['data-testid']}>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          <DialogButtons onCancel={onCancel} saving={saving} />
        </Stack>
      </form>
    </AppDialog>
  );
}
