import { ApiError } from '@vestibule/shared/api';
import { useTranslation } from 'react-i18next';
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

/** Turns a catalogue message (or the server's own text for an unknown key) into text. */
export function useMessageText(): (message: NoticeMessage) => string {
  const { t, i18n } = useTranslation();
  return (message) =>
    i18n.exists(message.key) || !message.fallback ? t(message.key, message.params ?? {}) : message.fallback;
}
