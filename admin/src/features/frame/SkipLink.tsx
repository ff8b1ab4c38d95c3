import { useTranslation } from 'react-i18next';
import classes from './frame.module.css';

/** The first stop of the keyboard: straight to the page's content, past the toolbar. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main-content"
      className={classes.skipLink}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
    >
      {t('shell.skipToContent')}
    </a>
  );
}
