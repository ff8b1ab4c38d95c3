import { ActionIcon, Box, Burger, Button, Group, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { IconBuilding, IconChevronDown, IconHelp, IconLogout, IconUser, LogoMark } from '../../components/Icons.tsx';
import { useSession } from '../session/index.ts';
import {
  frameClasses as classes,
  isActivePath,
  LanguageMenu,
  SkipLink,
  ThemeSwitch,
  type MenuControl,
  type MenuEntry,
  type MenuExternalLink,
  type MenuGroup,
  type MenuLink,
  type ToolbarModel,
} from '../frame/index.ts';

/** Below this breakpoint the items move to the mobile sidebar. */
export const DESKTOP_BREAKPOINT = 'lg';
const onToolbar = '#ffffff';

interface ToolbarProps {
  model: ToolbarModel;
  signedIn: boolean;
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
  onSelectTenant: () => void;
}

export function Toolbar({ model, signedIn, sidebarOpened, onToggleSidebar, onSelectTenant }: ToolbarProps) {
  const { t } = useTranslation();
  const navEntries = model.entries.filter(
    (entry) => entry.kind !== 'control' && !(entry.kind === 'external' && entry.id === 'help'),
  );
  const utilityEntries = model.entries.filter((entry) => !navEntries.includes(entry));
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <SkipLink />
        <Burger
          opened={sidebarOpened}
          onClick={onToggleSidebar}
          hiddenFrom={DESKTOP_BREAKPOINT}
          color={onToolbar}
          size="sm"
          aria-label={t('shell.nav.open')}
          aria-expanded={sidebarOpened}
          data-testid="mobile-menu-button"
        />
        <Link to="/" className={classes.logo} aria-label={t('shell.home')}>
          <LogoMark />
          {t('common.productName')}
        </Link>
      </Group>
      <Group
        gap={4}
        wrap="nowrap"
        visibleFrom={DESKTOP_BREAKPOINT}
        data-testid={signedIn ? 'user-menu-items' : 'guest-menu-items'}
      >
        <Box component="nav" aria-label={t('shell.nav.main')}>
          <Group gap={4} wrap="nowrap">
            {navEntries.map((entry) => (
              <ToolbarEntry key={entry.id} entry={entry} onSelectTenant={onSelectTenant} />
            ))}
          </Group>
        </Box>
        {utilityEntries.map((entry) => (
          <ToolbarEntry key={entry.id} entry={entry} onSelectTenant={onSelectTenant} />
        ))}
      </Group>
    </Group>
  );
}

function ToolbarEntry({ entry, onSelectTenant }: { entry: MenuEntry; onSelectTenant: () => void }) {
  switch (entry.kind) {
    case 'link':
      return <ToolbarLink item={entry} />;
    case 'external':
      return <ToolbarExternalLink item={entry} />;
    case 'group':
      return <ToolbarMenu group={entry} />;
    case 'control':
      return <ToolbarControl control={entry} onSelectTenant={onSelectTenant} />;
  }
}

function ToolbarLink({ item }: { item: MenuLink }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = isActivePath(pathname, item.to);
  const label = t(item.labelKey);
  if (item.id === 'profile') {
    return (
      <ActionIcon
        title={label}
        component={Link}
        to={item.to}
        aria-label={label}
        aria-current={active ? 'page' : undefined}
        variant={active ? 'white' : 'subtle'}
        color={active ? 'dark' : onToolbar}
        size="lg"
      >
        <IconUser />
      </ActionIcon>
    );
  }
  return (
    <Button
      component={Link}
      to={item.to}
      aria-current={active ? 'page' : undefined}
      variant={active ? 'white' : 'subtle'}
      color={active ? 'dark' : onToolbar}
      px="sm"
    >
      {label}
    </Button>
  );
}

function ToolbarExternalLink({ item }: { item: MenuExternalLink }) {
  const { t } = useTranslation();
  const label = t(item.labelKey);
  const accessibleName = t('shell.newTab', { label });
  if (item.id === 'help') {
    return (
      <ActionIcon
        title={accessibleName}
        component="a"
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={accessibleName}
        variant="subtle"
        color={onToolbar}
        size="lg"
      >
        <IconHelp />
      </ActionIcon>
    );
  }
  return (
    <Button
      component="a"
      href={item.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={accessibleName}
      variant="subtle"
      color={onToolbar}
      px="sm"
    >
      {label}
    </Button>
  );
}

function ToolbarMenu({ group }: { group: MenuGroup }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = group.items.some((item) => isActivePath(pathname, item.to));
  return (
    <Menu position="bottom-start" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant={active ? 'white' : 'subtle'}
          color={active ? 'dark' : onToolbar}
          rightSection={<IconChevronDown size={16} />}
          px="sm"
          data-testid={`${group.id}-menu`}
        >
          {t(group.labelKey)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid={`${group.id}-menu-items`}>
        {group.items.map((item) => (
          <Menu.Item
            key={item.id}
            component={Link}
            to={item.to}
            aria-current={isActivePath(pathname, item.to) ? 'page' : undefined}
          >
            {t(item.labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function ToolbarControl({ control, onSelectTenant }: { control: MenuControl; onSelectTenant: () => void }) {
  switch (control.id) {
    case 'tenant':
      return <TenantButton onSelectTenant={onSelectTenant} />;
    case 'theme':
      return <ThemeSwitch />;
    case 'logout':
      return <LogoutButton />;
    case 'language':
      return <LanguageMenu />;
  }
}

function TenantButton({ onSelectTenant }: { onSelectTenant: () => void }) {
  const { t } = useTranslation();
  const tenantName = useSession((state) => state.tenant?.name ?? null);
  return (
    <Button
      variant="subtle"
      color={onToolbar}
      px="sm"
      leftSection={<IconBuilding size={18} />}
      onClick={onSelectTenant}
      aria-label={tenantName ? t('shell.tenant.current', { name: tenantName }) : t('shell.tenant.noneLabel')}
      data-testid="tenant-selector"
    >
      <span className={classes.tenantName} data-testid="tenant-name">
        {tenantName ?? t('shell.tenant.none')}
      </span>
    </Button>
  );
}

function LogoutButton() {
  const { t } = useTranslation();
  const username = useSession((state) => state.user?.username ?? '');
  const logout = useSession((state) => state.logout);
  const label = t('shell.logout', { username });
  return (
    <ActionIcon
      title={label}
      aria-label={label}
      onClick={() => logout()}
      variant="subtle"
      color={onToolbar}
      size="lg"
      data-testid="logout-button"
    >
      <IconLogout />
    </ActionIcon>
  );
}
