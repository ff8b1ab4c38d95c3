import { ActionIcon, Switch, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconMoon, IconSun } from '../../components/Icons.tsx';

/** The light/dark switch, remembered under the `dark` key. */
export function ThemeToggle({ variant }: { variant: 'toolbar' | 'sidebar' }) {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const toggle = () => setColorScheme(dark ? 'light' : 'dark');
  const label = t('shell.theme.dark');
  if (variant === 'sidebar') {
    return <Switch label={label} checked={dark} onChange={toggle} />;
  }
  return (
    <Tooltip label={label}>
      <ActionIcon
        role="switch"
        aria-checked={dark}
        aria-label={label}
        onClick={toggle}
        variant="subtle"
        color="#ffffff"
        size="lg"
      >
        {dark ? <IconSun /> : <IconMoon />}
      </ActionIcon>
    </Tooltip>
  );
}
