import { ApiError } from '@vestibule/shared/api';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './errorMessage.ts';
import { useFocusOnMount } from './useFocusOnMount.ts';

export function Loading({ label }: { label?: string } = {}) {
  const { t } = useTranslation('publicVisit');
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('loading')}
    </p>
  );
}

/** A call failed: the reason in the visitor's words, and a way to try again when it may help. */
export function LoadFailed({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const { t, i18n } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="load-failed">
      <h2 ref={heading} tabIndex={-1}>
        {title ?? t('loadFailed')}
      </h2>
      <p role="alert" className="notice notice-error">
        {errorMessage(error, i18n)}
      </p>
      {onRetry && retryable(error) && (
        <button type="button" className="button secondary" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

/** Trying again helps after a network failure, a server error or a rate limit; not after a refusal. */
function retryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}
