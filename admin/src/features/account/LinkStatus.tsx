import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { plainFormClasses } from '../../components/PlainForm.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import type { MessageKey } from '../locale/index.ts';
import type { LinkState } from './useLinkUser.ts';
import classes from './account.module.css';

interface LinkStatusProps {
  link: LinkState;
  /** What an unknown, used or expired link says. */
  invalid: MessageKey;
  /** Where to go from such a link. */
  next: { to: string; label: MessageKey };
  onRetry: () => void;
}

/**
 * What a one-time link's page shows instead of its form: that the link is being checked, that it
 * no longer works (and where to go instead), or a button to ask again after a failure (the banner
 * says why).
 */
export function LinkStatus({ link, invalid, next, onRetry }: LinkStatusProps) {
  const { t } = useTranslation();
  switch (link.status) {
    case 'loading':
      return (
        <p role="status" className={classes.loading}>
          <Spinner />
          {t('common.pleaseWait')}
        </p>
      );
    case 'invalid':
      return (
        <div className={plainFormClasses.paper}>
          <p role="alert" className={classes.message} data-tone="error">
            {t(invalid)}
          </p>
          <Link to={next.to} className={plainFormClasses.link}>
            {t(next.label)}
          </Link>
        </div>
      );
    case 'failed':
      return (
        <button type="button" className={plainFormClasses.submit} onClick={onRetry}>
          {t('resetPassword.retry')}
        </button>
      );
    case 'ready':
      return null;
  }
}
