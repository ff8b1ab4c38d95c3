import { useTranslation } from 'react-i18next';
import { Page } from './Page.tsx';
import { Spinner } from './Spinner.tsx';
import classes from './ScreenLoading.module.css';

/**
 * Shown while a screen's code arrives (each screen is its own file, fetched on first visit), and
 * while the screens' shared code does, the first time a page needs it. Plain elements: it is drawn
 * before that code is there.
 *
 * With a `title` (the first page of a visit, before the signed-in frame is there), the page's h1
 * is drawn at once where the page will have it, below the toolbar's place, so the visitor reads
 * which page is coming instead of a lone spinner.
 */
export function ScreenLoading({ title }: { title?: string }) {
  const { t } = useTranslation();
  const status = (
    <div className={classes.loading} role="status">
      <Spinner />
      {t('shell.loading.text')}
    </div>
  );
  if (!title) return status;
  return (
    <div className={classes.frame}>
      <Page title={title}>{status}</Page>
    </div>
  );
}
