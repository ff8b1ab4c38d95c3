import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Page.module.css';

/** The page's width: Mantine's container sizes. */
export type PageSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

interface PageProps {
  /** The page's one h1, also used in the document title. */
  title: string;
  size?: PageSize;
  children?: ReactNode;
}

/**
 * Every screen starts with this: one h1 and a document title naming the page. Plain elements, so
 * the sign-in page uses it without a UI library.
 */
export function Page({ title, size = 'lg', children }: PageProps) {
  const { t } = useTranslation();
  const documentTitle = `${title} · ${t('common.productName')}`;
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <div className={classes.page} data-size={size}>
      <h1 className={classes.title}>{title}</h1>
      {children}
    </div>
  );
}
