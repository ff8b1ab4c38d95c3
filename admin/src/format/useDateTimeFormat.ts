import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/session/index.ts';
import { dateTimeFormatter, type DateTimeFormatter } from './dateTime.ts';

/**
 * The signed-in user's way of writing moments: their date and time formats, in the interface's
 * language. A screen that shows a date takes it from here, so it draws again when the user
 * saves other formats in their profile.
 */
export function useDateTimeFormat(): DateTimeFormatter {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const dateFormat = useSession((state) => state.user?.dateFormat);
  const timeFormat = useSession((state) => state.user?.timeFormat);
  return useMemo(() => dateTimeFormatter({ dateFormat, timeFormat }, language), [dateFormat, timeFormat, language]);
}
