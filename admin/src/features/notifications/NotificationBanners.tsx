import { useEffect } from 'react';
import { NoticeList } from './NoticeList.tsx';
import { useNotificationStore } from './notification.store.ts';

/**
 * The error banner (a list of messages, stays until closed) and the success banner
 * (hides after its timeout, 0 keeps it), at the top of the page.
 */
export function NotificationBanners() {
  const error = useNotificationStore((state) => state.error);
  const success = useNotificationStore((state) => state.success);
  const clearError = useNotificationStore((state) => state.clearError);
  const clearSuccess = useNotificationStore((state) => state.clearSuccess);

  useEffect(() => {
    if (!success || success.timeout <= 0) return;
    const timer = setTimeout(clearSuccess, success.timeout);
    return () => clearTimeout(timer);
  }, [success, clearSuccess]);

  return (
    <NoticeList
      error={error?.messages ?? null}
      success={success?.message ?? null}
      onCloseError={clearError}
      onCloseSuccess={clearSuccess}
      testIds={{ error: 'error-banner', success: 'success-banner' }}
    />
  );
}
