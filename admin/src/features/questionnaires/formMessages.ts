import { ApiError } from '@vestibule/shared/api';
import { useTranslation } from 'react-i18next';
import { messageFromError, type NoticeMessage } from '../notifications/index.ts';

/** What a zod issue tells a form: which field, what kind of problem, the limit. */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  maximum?: number | bigint;
  minimum?: number | bigint;
}

/**
 * One message per field from the shared schema's issues (the first issue of each field):
 * empty text is "required", too long text says its limit, and `custom` gives the
 * cross-field rules a message of their own.
 */
export function fieldMessages<Field extends string>(
  issues: readonly IssueLike[],
  custom: (field: Field) => NoticeMessage,
): Partial<Record<Field, NoticeMessage>> {
  const messages: Partial<Record<Field, NoticeMessage>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as Field;
    if (messages[field]) continue;
    if (issue.code === 'too_small') messages[field] = { key: 'common.validation.required' };
    else if (issue.code === 'too_big') {
      messages[field] = { key: 'common.validation.maxLength', params: { max: Number(issue.maximum) } };
    } else messages[field] = custom(field);
  }
  return messages;
}

/** Moves the keyboard to the form control named after a schema field (the first invalid one). */
export function focusField(form: HTMLFormElement | null, field: PropertyKey | undefined): void {
  if (!form || typeof field !== 'string') return;
  const control = form.elements.namedItem(field);
  if (control instanceof HTMLElement) control.focus();
}

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
