import { Alert, Box, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { questionnaireInputSchema, type Questionnaire } from '@vestibule/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { IconAlertCircle } from '../../components/Icons.tsx';
import { messageFromError, type NoticeMessage } from '../notifications/index.ts';
import { fieldMessages, focusField, useMessageText } from './formMessages.ts';
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

type Field = 'name' | 'description';

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
  const messageText = useMessageText();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(questionnaire?.name ?? '');
  const [description, setDescription] = useState(questionnaire?.description ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<NoticeMessage | null>(null);

  const validation = questionnaireInputSchema.safeParse({ name, description });
  const errors = validation.success
    ? {}
    : fieldMessages<Field>(validation.error.issues, () => ({ key: 'common.validation.required' }));
  const errorOf = (field: Field) => {
    const message = errors[field];
    return submitted && message ? messageText(message) : undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setServerError(null);
    const parsed = questionnaireInputSchema.safeParse({ name, description });
    if (!parsed.success) {
      focusField(formRef.current, parsed.error.issues[0]?.path[0]);
      return;
    }
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      setServerError(messageFromError(error));
      setPending(false);
    }
  };

  return (
    <Box component="form" ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('questionnaires.details.name')}
          withAsterisk
          aria-required
          data-autofocus
          name="name"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errorOf('name')}
        />
        <Textarea
          label={t('questionnaires.details.description')}
          name="description"
          autosize
          minRows={3}
          maxRows={8}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errorOf('description')}
        />
        {serverError && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle />}>
            <Text size="sm">{messageText(serverError)}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {questionnaire ? t('common.save') : t('questionnaires.details.create')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
