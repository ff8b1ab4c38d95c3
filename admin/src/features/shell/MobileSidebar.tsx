import { Box, Drawer, NavLink, Radio, Stack, Switch, Text } from '@mantine/core';
import { locales } from '@vestibule/shared';
import { isLocale } from '@vestibule/shared/i18n/locales';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { IconBuilding, IconExternalLink, IconLogout } from '../../components/Icons.tsx';
import { changeLocale, currentLocale } from '../locale/index.ts';
import { useSession } from '../session/index.ts';
import { setColorSchemeChoice, useColorScheme } from '../theme/index.ts';
import {
  isActivePath,
  type MenuControl,
  type MenuEntry,
  type MenuGroup,
  type MenuLink,
  type ToolbarModel,
} from '../frame/index.ts';

interface MobileSidebarProps {
  model: ToolbarModel;
  opened: boolean;
  onClose: () => void;
  onSelectTenant: () => void;
}

/** The toolbar's items again, in a drawer, for small screens. */
export function MobileSidebar({ model, opened, onClose, onSelectTenant }: MobileSidebarProps) {
  const { t } = useTranslation();
  return (
    <Drawer.Root opened={opened} onClose={onClose} size={320} data-testid="mobile-sidebar">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* role="none": the drawer's title bar is not a second page banner (see AppDialog). */}
        <Drawer.Header role="none">
          <Drawer.Title>{t('shell.nav.mobile')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('common.close')} />
        </Drawer.Header>
        <Drawer.Body>
          <Box component="nav" aria-label={t('shell.nav.mobile')}>
            <Stack gap="xs">
              {model.entries.map((entry) => (
                <SidebarEntry
                  key={entry.id}
                  entry={entry}
                  onNavigate={onClose}
                  onSelectTenant={() => {
                    onClose();
                    onSelectTenant();
                  }}
                />
              ))}
            </Stack>
          </Box>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

interface SidebarEntryProps {
  entry: MenuEntry;
  onNavigate: () => void;
  onSelectTenant: () => void;
}

function SidebarEntry({ entry, onNavigate, onSelectTenant }: SidebarEntryProps) {
  const { t } = useTranslation();
  switch (entry.kind) {
    case 'link':
      return <SidebarLink item={entry} onNavigate={onNavigate} />;
    case 'external': {
      const label = t(entry.labelKey);
      return (
        <NavLink
          component="a"
          href={entry.href}
          target="_blank"
          rel="noopener noreferrer"
          label={label}
          aria-label={t('shell.newTab', { label })}
          rightSection={<IconExternalLink size={16} />}
        />
      );
    }
    case 'group':
      return <SidebarGroup group={entry} onNavigate={onNavigate} />;
    case 'control':
      return <SidebarControl control={entry} onSelectTenant={onSelectTenant} />;
  }
}

function SidebarLink({ item, onNavigate }: { item: MenuLink; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = isActivePath(pathname, item.to);
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={t(item.labelKey)}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

function SidebarGroup({ group, onNavigate }: { group: MenuGroup; onNavigate: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} data-testid={`mobile-${group.id}-menu`}>
      <Text id={headingId} fw={700} size="sm" px="sm" pt="xs">
        {t(group.labelKey)}
      </Text>
      {group.items.map((item) => (
        <SidebarLink key={item.id} item={item} onNavigate={onNavigate} />
      ))}
    </div>
  );
}

function SidebarControl({ control, onSelectTenant }: { control: MenuControl; onSelectTenant: () => void }) {
  const { t } = useTranslation();
  const tenantName = useSession((state) => state.tenant?.name ?? null);
  const username = useSession((state) => state.user?.username ?? '');
  const logout = useSession((state) => state.logout);
  switch (control.id) {
    case 'tenant':
      return (
        <NavLink
          component="button"
          type="button"
          label={tenantName ?? t('shell.tenant.none')}
          description={t('shell.tenant.field')}
          leftSection={<IconBuilding size={18} />}
          onClick={onSelectTenant}
        />
      );
    case 'theme':
      return (
        <Box px="sm" py="xs">
          <SidebarThemeSwitch />
        </Box>
      );
    case 'logout':
      return (
        <NavLink
          component="button"
          type="button"
          label={t('shell.logout', { username })}
          leftSection={<IconLogout size={18} />}
          onClick={() => logout()}
        />
      );
    case 'language':
      return (
        <Box px="sm" py="xs">
          <Radio.Group
            label={t('shell.language.label')}
            value={currentLocale()}
            onChange={(value) => {
              if (isLocale(value)) void changeLocale(value);
            }}
          >
            <Stack gap="xs" mt="xs">
              {locales.map((locale) => (
                <Radio key={locale} value={locale} label={t(`common.languages.${locale}`)} lang={locale} />
              ))}
            </Stack>
          </Radio.Group>
        </Box>
      );
  }
}

/** The light/dark switch of the drawer: the toolbar's, as a labelled switch. */
function SidebarThemeSwitch() {
  const { t } = useTranslation();
  const dark = useColorScheme() === 'dark';
  return (
    <Switch
      label={t('shell.theme.dark')}
      checked={dark}
      onChange={() => setColorSchemeChoice(dark ? 'light' : 'dark')}
    />
  );
}
