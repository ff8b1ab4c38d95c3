import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconCircleCheck, IconClose } from '../../components/Icons.tsx';
import type { NoticeMessage } from './notification.store.ts';
import classes from './NoticeList.module.css';

/**
 * The text of a notice: its catalogue message, or the server's text when the code has none.
 * Two returns, not one conditional expression: `t` of any key is the union of every message of the
 * catalogue, and a conditional would make the type checker reduce that union with `string`, which
 * took it minutes.
 */
export function useNoticeText(): (message: NoticeMessage) => string {
  const { t, i18n } = useTranslation();
  return (message) => {
    if (message.fallback && !i18n.exists(message.key)) return message.fallback;
    return t(message.key, message.params ?? {});
  };
}

interface NoticeListProps {
  /** Error messages (one banner; a list when several), or null. */
  error: readonly NoticeMessage[] | null;
  success: NoticeMessage | null;
  onCloseError: () => void;
  onCloseSuccess: () => void;
  /** The banners' test ids: the page's and a dialog's differ. */
  testIds: { error: string; success: string };
  compact?: boolean;
}

/**
 * The error banner (role alert) and the success banner (role status), each closable. Plain
 * elements: the sign-in page shows its errors here without a UI library.
 */
export function NoticeList({
  error,
  success,
  onCloseError,
  onCloseSuccess,
  testIds,
  compact = false,
}: NoticeListProps) {
  const text = useNoticeText();
  if (!error && !success) return null;
  return (
    <div className={classes.list} data-compact={compact || undefined}>
      {error && (
        <Notice tone="error" onClose={onCloseError} testId={testIds.error}>
          {error.length === 1 && error[0] ? (
            text(error[0])
          ) : (
            <ul className={classes.messages}>
              {error.map((message, index) => (
                <li key={`${index}-${message.key}`}>{text(message)}</li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      {success && (
        <Notice tone="success" onClose={onCloseSuccess} testId={testIds.success}>
          {text(success)}
        </Notice>
      )}
    </div>
  );
}

interface NoticeProps {
  tone: 'error' | 'success';
  onClose: () => void;
  testId: string;
  children: React.ReactNode;
}

function Notice({ tone, onClose, testId, children }: NoticeProps) {
  const { t } = useTranslation();
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={classes.notice} data-tone={tone} data-testid={testId}>
      <span className={classes.icon}>{tone === 'error' ? <IconAlertCircle /> : <IconCircleCheck />}</span>
      <div className={classes.body}>{children}</div>
      <button type="button" className={classes.close} aria-label={t('shell.banners.close')} onClick={onClose}>
        <IconClose size={16} />
      </button>
    </div>
  );
}
