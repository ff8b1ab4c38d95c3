import { NoticeList } from '../notifications/index.ts';
import type { DialogNotices as Notices } from './useDialogNotices.ts';

/** The error and success banners at the top of a dialog. */
export function DialogNotices({ notices }: { notices: Notices }) {
  return (
    <NoticeList
      error={notices.error}
      success={notices.success?.message ?? null}
      onCloseError={notices.clearError}
      onCloseSuccess={notices.clearSuccess}
      testIds={{ error: 'dialog-error-banner', success: 'dialog-success-banner' }}
      compact
    />
  );
}
