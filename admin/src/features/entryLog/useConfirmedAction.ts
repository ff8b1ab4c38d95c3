import type { VisitListItem } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { entryLogApi } from './entryLogApi.ts';
import { shownName } from './visitActions.ts';

/** The row actions that only ask before they act (the others open a dialog of their own). */
export type ConfirmedAction = 'approveHeld' | 'refuseHeld' | 'checkInBack' | 'checkInAgain' | 'cancel' | 'remove';

const calls: Record<ConfirmedAction, (id: string) => Promise<unknown>> = {
  approveHeld: entryLogApi.approveHeld,
  refuseHeld: entryLogApi.refuseHeld,
  checkInBack: entryLogApi.checkInBack,
  checkInAgain: entryLogApi.checkInAgain,
  cancel: entryLogApi.cancel,
  remove: entryLogApi.remove,
};

const successes = {
  approveHeld: 'entryLog.actions.HELD_APPROVED',
  refuseHeld: 'entryLog.actions.HELD_REFUSED',
  checkInBack: 'entryLog.actions.CHECK_IN_BACK_SUCCESS',
  checkInAgain: 'entryLog.actions.CHECK_IN_SUCCESS',
  cancel: 'entryLog.actions.CANCEL_SUCCESS',
  remove: 'entryLog.actions.DELETE_SUCCESS',
} as const;

/** A check-in the door refused (an answer or a temperature): the visit is kept as refused. */
function isRefusedCheckIn(answer: unknown): answer is { allowed: false; message: string } {
  return typeof answer === 'object' && answer !== null && 'allowed' in answer && answer.allowed === false;
}

/**
 * Let in or refuse a visitor held at the door, check in back, check in again, cancel and remove, each after a question naming the visitor: the answer acts,
 * says so (checkInOut.actions.*) and lets the list load again; a refusal says why. A check-in again
 * whose answers no longer hold says so and hands the visit to `onAnswersExpired` (the fast
 * check-in with the wizard).
 */
export function useConfirmedAction(done: () => void, onAnswersExpired?: (visit: VisitListItem) => void) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [asked, setAsked] = useState<{ action: ConfirmedAction; visit: VisitListItem } | null>(null);
  const [busy, setBusy] = useState(false);
  const name = asked ? shownName(asked.visit, t) : '';

  const confirm = async () => {
    if (!asked) return;
    setBusy(true);
    try {
      const answer = await calls[asked.action](asked.visit.id);
      // A held visitor refused is the answer asked for, not a check-in the door refused.
      if (asked.action !== 'refuseHeld' && isRefusedCheckIn(answer)) {
        notifications.showError({ key: 'entryLog.actions.CHECK_IN_REFUSED', params: { name, reason: answer.message } });
      } else {
        notifications.showSuccess({ key: successes[asked.action], params: { name } });
      }
    } catch (error) {
      notifications.showError(messageFromError(error));
      // The last visit's answers no longer hold: the questions are asked again with the wizard.
      if (
        asked.action === 'checkInAgain' &&
        error instanceof ApiError &&
        error.errorCode === 'CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID'
      )
        onAnswersExpired?.(asked.visit);
    } finally {
      setBusy(false);
      setAsked(null);
      done();
    }
  };

  const texts = (() => {
    switch (asked?.action) {
      case 'approveHeld':
        return {
          title: t('entryLog.confirm.approveHeldTitle'),
          text: t('entryLog.confirm.approveHeldText', { name }),
          confirmLabel: t('entryLog.confirm.approveHeldConfirm'),
          danger: false,
        };
      case 'refuseHeld':
        return {
          title: t('entryLog.confirm.refuseHeldTitle'),
          text: t('entryLog.confirm.refuseHeldText', { name }),
          confirmLabel: t('entryLog.confirm.refuseHeldConfirm'),
          danger: true,
        };
      case 'checkInBack':
        return {
          title: t('entryLog.confirm.checkInBackTitle'),
          text: t('entryLog.confirm.checkInBackText', {
            name,
            time: asked.visit.checkedOutAt ? format.dateTime(asked.visit.checkedOutAt) : '',
          }),
          confirmLabel: t('entryLog.confirm.checkInBackConfirm'),
          danger: false,
        };
      case 'checkInAgain':
        return {
          title: t('entryLog.confirm.checkInAgainTitle'),
          text: t('entryLog.confirm.checkInAgainText', { name }),
          confirmLabel: t('entryLog.confirm.checkInAgainConfirm'),
          danger: false,
        };
      case 'cancel':
        return {
          title: t('entryLog.confirm.cancelTitle'),
          text: t('entryLog.confirm.cancelText', { name }),
          confirmLabel: t('entryLog.confirm.cancelConfirm'),
          danger: true,
        };
      default:
        return {
          title: t('entryLog.confirm.removeTitle'),
          text: t('entryLog.confirm.removeText', { name }),
          confirmLabel: t('entryLog.confirm.removeConfirm'),
          danger: true,
        };
    }
  })();

  return {
    ask: (action: ConfirmedAction, visit: VisitListItem) => setAsked({ action, visit }),
    dialog: {
      opened: asked !== null,
      title: texts.title,
      children: texts.text,
      confirmLabel: texts.confirmLabel,
      cancelLabel: t('entryLog.confirm.keep'),
      danger: texts.danger,
      busy,
      onConfirm: () => void confirm(),
      onCancel: () => setAsked(null),
    },
  };
}
