import { Alert, Loader } from '@mantine/core';
import { type VisitCheckInData, type VisitListItem, wizardAnswersOf } from '@vestibule/shared';
import { type WizardInput, type WizardResult, Wizard } from '@vestibule/ui/wizard';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { messageFromError, notifications } from '../../notifications/index.ts';
import { entryLogApi } from '../entryLogApi.ts';
import { shownName } from '../visitActions.ts';
import { AdminWizardTexts } from './AdminWizardTexts.tsx';
import { sendStaffCheckIn } from './staffCheckInOutcome.ts';
import { useErrorText } from './useErrorText.ts';

/** The kiosk's wizard input for an expected visit, prefilled from what the visit holds. */
function wizardInputOf(data: VisitCheckInData): WizardInput {
  return {
    ...data.wizard,
    meetingIdentifier: data.visit.identifier,
    id: data.visit.id,
    personId: data.visit.personId ?? null,
    replaceOldVisit: false,
    scheduledDuration: data.prefill.scheduledDuration,
    checkInAnswers: data.prefill.checkInForm,
    answeredQuestionnaires: data.prefill.questionnairesAnswers,
    checkingBack: false,
    fromKiosk: false,
    // Staff at the desk take no photo and vouch for the visitor: nothing to sign
    // (docs/check-in.md, "The visitor's photo", "Signed documents").
    photo: 'OFF',
    documents: [],
  };
}

/**
 * Staff check an expected visitor in (GET then PATCH /meeting/{id}/check-in) with the same wizard
 * as the kiosk, prefilled from the invitation; the server judges the result by the same rules. An
 * expired visit says so (checkInOut.checkIn.expired) and asks everything again.
 */
export function StaffCheckInDialog(props: { visit: VisitListItem; onClose: (changed: boolean) => void }) {
  const { visit, onClose } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const name = shownName(visit, t);
  const [data, setData] = useState<VisitCheckInData | null>(null);
  const [input, setInput] = useState<WizardInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    let current = true;
    entryLogApi.checkInData(visit.id).then(
      (answer) => {
        if (!current) return;
        setData(answer);
        setInput(wizardInputOf(answer));
      },
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

  const finish = useCallback(
    async (result: WizardResult) => {
      setError(null);
      const failure = await sendStaffCheckIn(
        () => entryLogApi.checkIn(visit.id, { visitorType: result.visitorType, ...wizardAnswersOf(result) }),
        name,
        close.current,
      );
      if (failure) setError(errorText(failure));
    },
    [visit.id, name, errorText],
  );

  return (
    <AppDialog opened onClose={() => onClose(false)} title={t('entryLog.checkIn.title', { name })} size="lg">
      {input === null || data === null ? (
        <Loader size="sm" aria-label={t('entryLog.checkIn.loading')} />
      ) : (
        <>
          {data.status === 'expired' && (
            <Alert color="yellow" variant="light" mb="md">
              {t('entryLog.checkIn.expired')}
            </Alert>
          )}
          <AdminWizardTexts>
            <Wizard
              input={input}
              onFinish={(result) => void finish(result)}
              onCancel={() => onClose(false)}
              error={error}
              choiceStorage={null}
              hostSearch={(text, signal) => entryLogApi.hosts(data.visit.buildingId, text, signal)}
            />
          </AdminWizardTexts>
        </>
      )}
    </AppDialog>
  );
}
