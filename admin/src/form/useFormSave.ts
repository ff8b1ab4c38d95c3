import { useState } from 'react';
import { messageFromError, notifications } from '../features/notifications/index.ts';
import type { ServerFieldErrors } from './useServerFieldErrors.ts';

/**
 * A form's save: `saving` while it runs; when it succeeds, the "saved" notice, then `done` with the
 * server's answer; when the server refuses, the refusal on the fields it concerns, else in a banner.
 */
export function useFormSave<F extends string>(server: ServerFieldErrors<F>) {
  const [saving, setSaving] = useState(false);
  const run = async <T>(action: () => Promise<T>, done: (result: T) => void): Promise<void> => {
    setSaving(true);
    try {
      const result = await action();
      notifications.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
      done(result);
    } catch (failure) {
      if (!server.place(failure)) notifications.showError(messageFromError(failure));
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}
