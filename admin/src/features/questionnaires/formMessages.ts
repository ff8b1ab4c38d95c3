import { ApiError } from '@vestibule/shared/api';
import { messageFromError, type NoticeMessage } from '../notifications/index.ts';

/** Server refusals of a question change that the questionnaire catalogue says better. */
export function questionErrorMessage(error: unknown): NoticeMessage {
  if (error instanceof ApiError && error.errorCode === 'QUESTION_FOLLOW_UP_INVALID') {
    const field = error.params?.field;
    if (field === 'questionType') return { key: 'questionnaires.errors.staysYesNo' };
    return { key: 'questionnaires.errors.followUpInvalid' };
  }
  if (error instanceof ApiError && error.errorCode === 'QUESTION_FOLLOW_UP_ORDER') {
    return { key: 'questionnaires.errors.moveRefused' };
  }
  return messageFromError(error);
}
