import { Button, Group, Loader, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { maySelectTenant } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { useSession } from '../session/index.ts';
import { TenantSelectorDialog } from '../shell/index.ts';

/** Shown in place of a tenant route while no tenant is selected. */
export function TenantRequiredPage({ loading = false }: { loading?: boolean }) {
  const { t } = useTranslation();
  const role = useSession((state) => state.user?.role);
  const [opened, { open, close }] = useDisclosure(false);
  if (loading) {
    return (
      <Page title={t('shell.tenantRequired.title')} size="sm">
        <Group gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('shell.tenantRequired.loading')}</Text>
        </Group>
      </Page>
    );
  }
  const selector = maySelectTenant(role);
  return (
    <Page title={t('shell.tenantRequired.title')} size="sm">
      <Text>{selector ? t('shell.tenantRequired.textSelector') : t('shell.tenantRequired.textNoTenant')}</Text>
      {selector && (
        <>
          <div>
            <Button onClick={open}>{t('shell.tenantRequired.action')}</Button>
          </div>
          <TenantSelectorDialog opened={opened} onClose={close} />
        </>
      )}
    </Page>
  );
}
