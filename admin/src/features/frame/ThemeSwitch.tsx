import { useTranslation } from 'react-i18next';
import { IconMoon, IconSun } from '../../components/Icons.tsx';
import { setColorSchemeChoice, useColorScheme } from '../theme/index.ts';
import classes from './frame.module.css';

/** The toolbar's light/dark switch, remembered under the `dark` key. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const dark = useColorScheme() === 'dark';
  const label = t('shell.theme.dark');
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label={label}
      title={label}
      className={classes.iconButton}
      onClick={() => setColorSchemeChoice(dark ? 'light' : 'dark')}
    >
      {dark ? <IconSun /> : <IconMoon />}
    </button>
  );
}
