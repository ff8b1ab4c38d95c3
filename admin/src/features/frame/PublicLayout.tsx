import type { ReactNode } from 'react';
import { NotificationBanners } from '../notifications/index.ts';
import { Footer } from './Footer.tsx';
import { GuestToolbar } from './GuestToolbar.tsx';
import classes from './frame.module.css';

/**
 * The frame of every page a visitor (not signed in) sees: their toolbar, the banners, the page,
 * the footer. Plain elements only, so the sign-in page needs no UI library to draw it.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.publicLayout}>
      <header className={`${classes.header} ${classes.publicHeader}`} data-tone="standard" data-testid="toolbar">
        <GuestToolbar />
      </header>
      <main id="main-content" tabIndex={-1} className={`${classes.main} ${classes.publicMain}`}>
        <NotificationBanners />
        {children}
      </main>
      <footer className={classes.publicFooter}>
        <Footer />
      </footer>
    </div>
  );
}
