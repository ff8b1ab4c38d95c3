import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LogoMark } from '../../components/Icons.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { isActivePath, toolbarFor, type MenuEntry } from './menu.ts';
import { SkipLink } from './SkipLink.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import classes from './frame.module.css';

const guestEntries = toolbarFor(undefined, false).entries;

/**
 * The visitors' toolbar (About, sign up, log in, theme, language), drawn without a UI library: the
 * sign-in page shows it before any other screen's code has loaded. On narrow screens its items wrap
 * below the logo; the signed-in toolbar has the drawer instead.
 */
export function GuestToolbar() {
  const { t } = useTranslation();
  const navEntries = guestEntries.filter((entry) => entry.kind !== 'control');
  const controls = guestEntries.filter((entry) => entry.kind === 'control');
  return (
    <>
      <div className={classes.toolbarGroup}>
        <SkipLink />
        <Link to="/" className={classes.logo} aria-label={t('shell.home')}>
          <LogoMark />
          {t('common.productName')}
        </Link>
      </div>
      <div className={classes.toolbarGroup} data-testid="guest-menu-items">
        <nav aria-label={t('shell.nav.main')} className={classes.toolbarGroup}>
          {navEntries.map((entry) => (
            <GuestEntry key={entry.id} entry={entry} />
          ))}
        </nav>
        {controls.map((entry) => (
          <GuestEntry key={entry.id} entry={entry} />
        ))}
      </div>
    </>
  );
}

function GuestEntry({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  switch (entry.kind) {
    case 'link':
      return (
        <Link
          to={entry.to}
          className={classes.textButton}
          aria-current={isActivePath(pathname, entry.to) ? 'page' : undefined}
        >
          {t(entry.labelKey)}
        </Link>
      );
    case 'external': {
      const label = t(entry.labelKey);
      return (
        <a
          href={entry.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('shell.newTab', { label })}
          className={classes.textButton}
        >
          {label}
        </a>
      );
    }
    case 'control':
      return entry.id === 'language' ? <LanguageMenu /> : entry.id === 'theme' ? <ThemeSwitch /> : null;
    case 'group':
      return null;
  }
}
