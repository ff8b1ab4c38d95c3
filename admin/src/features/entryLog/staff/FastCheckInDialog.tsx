import { Button, Group, Loader } from '@mantine/core';
import { type WizardResult, Wizard } from '@vestibule/ui/wizard';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { entryLogApi } from '../entryLogApi.ts';
import { AdminWizardTexts } from './AdminWizardTexts.tsx';
import { FastCheckInWho } from './FastCheckInWho.tsx';
import { type WhoArrives, arrivalName, fastCheckInBody } from './fastCheckIn.ts';
import { useFastCheckInSteps } from './useFastCheckInSteps.ts';
import { sendStaffCheckIn } from './staffCheckInOutcome.ts';
import { useErrorText } from './useErrorText.ts';

/**
 * Fast check-in of someone arriving without an invitation: staff say who arrives (the
 * building, the person type, someone of the directory or someone new, a host), then go through
 * the building's wizard for that type with them (GET /meeting/building/{id}/checkInData: the
 * kiosk's wizard), whose result checks them in at once (POST /meetingWithCheckIn), judged by the
 * public check-in's rules. Let in: checkInOut.actions.CHECK_IN_SUCCESS; refused at the door: the
 * building's failure text; a mistake the server finds is shown in the wizard to correct.
 */
export function FastCheckInDialog(props: {
  start: WhoArrives;
  /**
   * A returning visitor's last visit, whose answers no longer hold: the wizard starts at once
   * from what that visit says of who arrives (GET /meeting/{id}), and asks the questions again.
   */
  returningVisitId?: string;
  onClose: (changed: boolean) => void;
}) {
  const { onClose, returningVisitId } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  const steps = useFastCheckInSteps(props.start, returningVisitId, () => close.current(false));
  const { who, input } = steps;

  const finish = useCallback(
    async (result: WizardResult) => {
      if (who === null) return;
      setError(null);
      const name = arrivalName(who, result) ?? t('entryLog.list.unnamed');
      const failure = await sendStaffCheckIn(
        () => entryLogApi.fastCheckIn(fastCheckInBody(who, result)),
        name,
        close.current,
      );
      if (failure) setError(errorText(failure));
    },
    [who, t, errorText],
  );

  const back = () => {
    steps.back();
    setError(null);
  };

  return (
    <AppDialog
      opened
      onClose={() => onClose(false)}
      title={t('entryLog.fastCheckIn.title')}
      size="lg"
      data-testid="fast-check-in-dialog"
    >
      {steps.returning ? (
        <Loader size="sm" aria-label={t('entryLog.fastCheckIn.loading')} />
      ) : who === null ? (
        <FastCheckInWho initial={steps.chosen} onNext={steps.choose} onCancel={() => onClose(false)} />
      ) : input === null ? (
        <Loader size="sm" aria-label={t('entryLog.fastCheckIn.loading')} />
      ) : (
        <>
          <Group mb="sm">
            <Button variant="subtle" size="compact-sm" onClick={back}>
              {t('entryLog.fastCheckIn.back')}
            </Button>
          </Group>
          <AdminWizardTexts>
            <Wizard
              input={input}
              onFinish={(result) => void finish(result)}
              onCancel={() => onClose(false)}
              error={error}
              choiceStorage={null}
              hostSearch={(text, signal) => entryLogApi.hosts(who.buildingId, text, signal)}
            />
          </AdminWizardTexts>
        </>
      )}
    </AppDialog>
  );
}
