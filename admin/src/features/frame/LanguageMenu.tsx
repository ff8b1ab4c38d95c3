import { locales, type Locale } from '@vestibule/shared';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconLanguage } from '../../components/Icons.tsx';
import { changeLocale, currentLocale } from '../locale/index.ts';
import classes from './frame.module.css';

/**
 * The language menu: English, French, Spanish, each named in its own language. A menu button
 * (WAI-ARIA menu pattern: arrows, Home, End, Escape) drawn without a UI library, so the sign-in
 * page has it too.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = currentLocale();
  const label = t('shell.language.current', { language: t(`common.languages.${current}`) });
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const items = () => [...(anchor.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  // Opening moves the focus to the current language; a press outside closes the menu.
  useEffect(() => {
    if (!open) return;
    const list = items();
    (list.find((item) => item.getAttribute('aria-current') === 'true') ?? list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const choose = (locale: Locale) => {
    close(true);
    void changeLocale(locale);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = {
      ArrowDown: (index + 1) % list.length,
      ArrowUp: (index - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      list[target]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div ref={anchor} className={classes.menuAnchor}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={classes.iconButton}
        data-testid="language-menu"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <IconLanguage />
      </button>
      {open && (
        <div id={menuId} role="menu" aria-labelledby={buttonId} className={classes.menu} onKeyDown={onMenuKeyDown}>
          {locales.map((locale) => (
            <button
              key={locale}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              className={classes.menuItem}
              onClick={() => choose(locale)}
            >
              {t(`common.languages.${locale}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
