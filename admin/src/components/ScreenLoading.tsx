import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner.tsx';
import classes from './ScreenLoading.module.css';

/**
 * Shown while a screen's code arrives (each screen is its own file, fetched on first visit), and
 * while the screens' shared code does, the first time a page needs it. Plain elements: it is drawn
 * before that code is there.
 */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className={classes.loading} role="status">
      <Spinner />
      {t('shell.loading.text')}
    </div>
  );
}
