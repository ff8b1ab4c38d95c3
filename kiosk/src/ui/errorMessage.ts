import { ApiError } from '@vestibule/shared/api';
import type { i18n as I18n } from 'i18next';

/** The visitor's words for a failed call: the catalogue's text of its code, fields named as on screen. */
export function errorMessage(error: unknown, i18n: I18n): string {
  if (!(error instanceof ApiError)) return i18n.t('errors:SERVER_CONNECTION_ERROR');
  const params: Record<string, string | number> = { ...error.params };
  const field = params.field;
  if (typeof field === 'string') {
    const named = [`wizard:fields.${field}`, `wizard:resultFields.${field}`].find((key) => i18n.exists(key));
    if (named) params.field = i18n.t(named);
  }
  const key = `errors:${error.errorCode}`;
  if (i18n.exists(key)) return i18n.t(key, params);
  return error.message || i18n.t('errors:SERVER_TIMEOUT_CONNECTION_ERROR');
}
