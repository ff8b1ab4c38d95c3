import { ActionIcon, Menu } from '@mantine/core';
import { locales } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { IconLanguage } from '../../components/Icons.tsx';
import { changeLocale, currentLocale } from '../locale/index.ts';

/** The language menu: English, French, Spanish, each named in its own language. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = currentLocale();
  const label = t('shell.language.current', { language: t(`common.languages.${current}`) });
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          aria-label={label}
          title={label}
          variant="subtle"
          color="#ffffff"
          size="lg"
          data-testid="language-menu"
        >
          <IconLanguage />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('shell.language.label')}>
        {locales.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            aria-current={locale === current ? 'true' : undefined}
            fw={locale === current ? 700 : undefined}
            onClick={() => void changeLocale(locale)}
          >
            {t(`common.languages.${locale}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
