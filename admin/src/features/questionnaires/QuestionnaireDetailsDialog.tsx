import { Alert, Box, Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { questionnaireInputSchema, type Questionnaire } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { IconAlertCircle } from '../../components/Icons.tsx';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { messageFromError, type NoticeMessage, useNoticeText } from '../notifications/index.ts';
import type { QuestionnaireFields } from './questionnaires.api.ts';

interface QuestionnaireDetailsDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The questionnaire being edited; null creates one. */
  questionnaire: Questionnaire | null;
  /** Saves; a rejection is shown in the dialog, which stays open. */
  onSubmit: (fields: QuestionnaireFields) => Promise<void>;
}

/** Create a questionnaire, or change its name and description. */
export function QuestionnaireDetailsDialog({
  opened,
  onClose,
  questionnaire,
  onSubmit,
}: QuestionnaireDetailsDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={questionnaire ? t('questionnaires.details.editTitle') : t('questionnaires.details.createTitle')}
      data-testid="questionnaire-dialog"
    >
      <DetailsForm
        key={questionnaire?.id ?? 'new'}
        questionnaire={questionnaire}
        onCancel={onClose}
        onSubmit={onSubmit}
      />
    </AppDialog>
  );
}

function DetailsForm({
  questionnaire,
  onCancel,
  onSubmit,
}: {
  questionnaire: Questionnaire | null;
  onCancel: () => void;
  onSubmit: (fields: QuestionnaireFields) => Promise<void>;
}) {
  const { t } = useTranslation();
  const messageText = useNoticeText();
  const form = useSchemaForm<{ name: string; description: string }, QuestionnaireFields>(questionnaireInputSchema, {
    name: questionnaire?.name ?? '',
    description: questionnaire?.description ?? '',
  });
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<NoticeMessage | null>(null);

  const submit = form.onSubmit(async (fields) => {
    if (pending) return;
    setServerError(null);
    setPending(true);
    try {
      await onSubmit(fields);
    } catch (error) {
      setServerError(messageFromError(error));
      setPending(false);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('questionnaires.details.name')}
          withAsterisk
          aria-required
          data-autofocus
          name="name"
          autoComplete="off"
          value={form.values.name}
          onChange={(event) => form.setField('name', event.currentTarget.value)}
          error={form.error('name')}
        />
        <Textarea
          label={t('questionnaires.details.description')}
          name="description"
          autosize
          minRows={3}
          maxRows={8}
          value={form.values.description}
          onChange={(event) => form.setField('description', event.currentTarget.value)}
          error={form.error('description')}
        />
        {serverError && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle />}>
            <Text size="sm">{messageText(serverError)}</Text>
          </Alert>
        )}
        <DialogActions>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {questionnaire ? t('common.save') : t('questionnaires.details.create')}
          </Button>
        </DialogActions>
      </Stack>
    </Box>
  );
}
