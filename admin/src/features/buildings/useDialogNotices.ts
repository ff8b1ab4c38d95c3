import { NOTIFICATION_TIMEOUT_MS } from '@vestibule/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { messageFromError, type NoticeMessage } from '../notifications/index.ts';

export interface DialogNoticesState {
  error: NoticeMessage[] | null;
  success: { message: NoticeMessage; id: number } | null;
}

export interface DialogNotices extends DialogNoticesState {
  /** A failed call (its error code's text) or messages of the catalogue. */
  showError: (error: unknown) => void;
  showMessages: (messages: NoticeMessage[]) => void;
  showSuccess: (message: NoticeMessage) => void;
  clearError: () => void;
  clearSuccess: () => void;
  clear: () => void;
}

let nextId = 1;

/**
 * The banners of a dialog: the page's banners sit under the dialog's overlay, so a dialog
 * shows its own, with the same behaviour (errors stay until closed, success hides).
 */
export function useDialogNotices(timeout = NOTIFICATION_TIMEOUT_MS): DialogNotices {
  const [state, setState] = useState<DialogNoticesState>({ error: null, success: null });

  useEffect(() => {
    if (!state.success || timeout <= 0) return;
    const timer = setTimeout(() => setState((current) => ({ ...current, success: null })), timeout);
    return () => clearTimeout(timer);
  }, [state.success, timeout]);

  const showMessages = useCallback((messages: NoticeMessage[]) => setState({ error: messages, success: null }), []);
  const showError = useCallback((error: unknown) => setState({ error: [messageFromError(error)], success: null }), []);
  const showSuccess = useCallback(
    (message: NoticeMessage) => setState({ error: null, success: { message, id: nextId++ } }),
    [],
  );
  const clearError = useCallback(() => setState((current) => ({ ...current, error: null })), []);
  const clearSuccess = useCallback(() => setState((current) => ({ ...current, success: null })), []);
  const clear = useCallback(() => setState({ error: null, success: null }), []);

  return useMemo(
    () => ({ ...state, showError, showMessages, showSuccess, clearError, clearSuccess, clear }),
    [state, showError, showMessages, showSuccess, clearError, clearSuccess, clear],
  );
}
