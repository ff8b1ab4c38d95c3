import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import type { VisitListItem } from '@vestibule/shared';
import { CheckOutMeasureFields, QuestionList, useCheckOutAnswers } from '@vestibule/ui/wizard';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../../components/AppDialog.tsx';
import { messageFromError, notifications } from '../../notifications/index.ts';
import { type CheckOutData, entryLogApi } from '../entryLogApi.ts';
import { shownName } from '../visitActions.ts';
import { AdminWizardTexts } from './AdminWizardTexts.tsx';
import { useErrorText } from './useErrorText.ts';

/**
 * Staff check an open visit out (GET then PATCH /meeting/{id}/check-out): the building's exit
 * questionnaires, the temperature and comments when it asks for them, with the wizard's own
 * fields, checked by the same rules as the visitor's own check-out.
 */
export function StaffCheckOutDialog(props: { visit: VisitListItem; onClose: (changed: boolean) => void }) {
  const { visit, onClose } = props;
  const { t } = useTranslation();
  const name = shownName(visit, t);
  const [data, setData] = useState<CheckOutData | null>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    let current = true;
    entryLogApi.checkOutData(visit.id).then(
      (answer) => current && setData(answer),
      (failure: unknown) => {
        if (!current) return;
        notifications.showError(messageFromError(failure));
        close.current(true);
      },
    );
    return () => {
      current = false;
    };
  }, [visit.id]);

  return (
    <AppDialog opened onClose={() => onClose(false)} title={t('entryLog.checkOut.title', { name })} size="lg">
      {data === null ? (
        <Loader size="sm" aria-label={t('entryLog.checkOut.loading')} />
      ) : (
        <AdminWizardTexts>
          <CheckOutForm visitId={visit.id} name={name} data={data} onClose={onClose} />
        </AdminWizardTexts>
      )}
    </AppDialog>
  );
}

function CheckOutForm(props: {
  visitId: string;
  name: string;
  data: CheckOutData;
  onClose: (changed: boolean) => void;
}) {
  const { visitId, name, data, onClose } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const idPrefix = useId().replace(/:/g, '');
  const fields = useCheckOutAnswers(data);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const { valid } = fields;
  const nothingToFill = data.exitQuestionnaires.length === 0 && !fields.temperatureAsked && !data.commentsEnabled;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await entryLogApi.checkOut(visitId, fields.request());
      notifications.showSuccess({ key: 'entryLog.actions.CHECK_OUT_SUCCESS', params: { name } });
      onClose(true);
    } catch (failure) {
      setSubmitting(false);
      setError(errorText(failure));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        {nothingToFill && <Text>{t('entryLog.checkOut.nothingToFill', { name })}</Text>}
        {data.exitQuestionnaires.map((questionnaire) => (
          <section key={questionnaire.id} aria-labelledby={`${idPrefix}-${questionnaire.id}`}>
            <Title order={3} size="h4" id={`${idPrefix}-${questionnaire.id}`} mb="xs">
              {questionnaire.name}
            </Title>
            <QuestionList
              questionnaire={questionnaire}
              answers={fields.answers}
              onAnswer={fields.answer}
              idPrefix={idPrefix}
            />
          </section>
        ))}
        <CheckOutMeasureFields
          fields={fields}
          commentsEnabled={data.commentsEnabled}
          commentsLabel={t('entryLog.checkOut.comments')}
          idPrefix={idPrefix}
          storage={null}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {!valid && <Text size="sm">{t('entryLog.checkOut.incomplete')}</Text>}
        <DialogActions>
          <Button variant="default" onClick={() => onClose(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!valid} loading={submitting}>
            {t('entryLog.checkOut.submit')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
