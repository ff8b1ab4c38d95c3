import { useTranslation } from 'react-i18next';
import { appVersion } from '../appUpdate/index.ts';
import classes from './frame.module.css';

/** The product name and version. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <p className={classes.footerText}>
      {t('common.productName')} ·{' '}
      <span data-testid="app-version">{t('shell.footer.version', { version: appVersion })}</span>
    </p>
  );
}
