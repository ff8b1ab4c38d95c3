import { ApiError } from '@vestibule/shared/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/errorMessage.ts';
import { ResultDialog } from './ResultDialog.tsx';

/**
 * A page whose visit (or building) cannot be shown: the error modal with the reason, then the
 * reason on the page, with a way to try again when that may help (network, server, rate limit).
 */
export function Unavailable({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t, i18n } = useTranslation('publicVisit');
  const [open, setOpen] = useState(true);
  const message = errorMessage(error, i18n);
  const retryable = !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
  return (
    <>
      <p className="notice notice-error">{message}</p>
      {retryable && (
        <button type="button" className="button secondary" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
      {open && (
        <ResultDialog outcome="error" title={title} onClose={() => setOpen(false)}>
          <p>{message}</p>
        </ResultDialog>
      )}
    </>
  );
}
