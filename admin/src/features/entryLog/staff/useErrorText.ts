import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFromError } from '../../notifications/index.ts';

/** A failed call's message in the interface's language, for a dialog that shows it in place. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const message = messageFromError(error);
      return t(message.key, { ...message.params, defaultValue: message.fallback });
    },
    [t],
  );
}
