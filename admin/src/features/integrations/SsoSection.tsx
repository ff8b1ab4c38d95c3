import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { SsoProvider, SsoSettings } from '@vestibule/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { SsoDialog } from './SsoDialog.tsx';

/**
 * The company's single sign-on (docs/sso.md): the redirect URI to register at the provider, then
 * the provider as set up (its name on the sign-in button, issuer, client, domains, role claim, who
 * is created) with Edit and Remove, or the button to set one up.
 */
export function SsoSection() {
  const { t } = useTranslation();
  const load = useCallback((signal: AbortSignal) => api.call('GET /ssoProvider', { signal }), []);
  const { state, reload } = useLoaded<SsoSettings>(load);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [copied, setCopied] = useState(false);

  const remove = async () => {
    setRemoving(false);
    try {
      await api.call('DELETE /ssoProvider');
      notifications.showSuccess({ key: 'integrations.sso.removed' });
      reload();
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard here: the address stays on screen to select.
    }
  };

  return (
    <SectionCard title={t('integrations.sso.title')}>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'failed' && (
        <LoadFailed title={t('integrations.sso.title')} error={state.error} onRetry={reload} />
      )}
      {state.kind === 'loaded' && (
        <Stack gap="md">
          <Text>{t('integrations.sso.intro')}</Text>
          <Stack gap={4}>
            <Text size="sm" fw={600} id="sso-redirect-uri">
              {t('integrations.sso.redirectUri')}
            </Text>
            <Group gap="sm" wrap="nowrap" align="center">
              <Code
                aria-labelledby="sso-redirect-uri"
                style={{ overflowWrap: 'anywhere' }}
                data-testid="sso-redirect-uri"
              >
                {state.data.redirectUri}
              </Code>
              <Button size="xs" variant="default" onClick={() => void copy(state.data.redirectUri)}>
                {copied ? t('integrations.sso.copied') : t('integrations.sso.copy')}
              </Button>
            </Group>
          </Stack>
          {state.data.provider ? (
            <ProviderSummary
              provider={state.data.provider}
              onEdit={() => setEditing(true)}
              onRemove={() => setRemoving(true)}
            />
          ) : (
            <Stack gap="sm" align="flex-start">
              <Text>{t('integrations.sso.none')}</Text>
              <Button onClick={() => setEditing(true)}>{t('integrations.sso.setUp')}</Button>
            </Stack>
          )}
          {editing && (
            <SsoDialog
              provider={state.data.provider}
              onClose={(saved) => {
                setEditing(false);
                if (saved) reload();
              }}
            />
          )}
          <ConfirmDialog
            opened={removing}
            title={t('integrations.sso.removeTitle')}
            confirmLabel={t('integrations.sso.removeConfirm')}
            cancelLabel={t('common.cancel')}
            danger
            onConfirm={() => void remove()}
            onCancel={() => setRemoving(false)}
            data-testid="remove-sso"
          >
            {t('integrations.sso.removeText', { name: state.data.provider?.displayName ?? '' })}
          </ConfirmDialog>
        </Stack>
      )}
    </SectionCard>
  );
}

function ProviderSummary({
  provider,
  onEdit,
  onRemove,
}: {
  provider: SsoProvider;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('integrations.sso.summary.issuer'), provider.issuer],
    [t('integrations.sso.summary.clientId'), provider.clientId],
    [t('integrations.sso.summary.domains'), provider.allowedDomains.join(', ')],
    [t('integrations.sso.summary.roleClaim'), provider.roleClaim ?? t('integrations.sso.summary.noRoleClaim')],
    [
      t('integrations.sso.summary.newUsers'),
      provider.createUsers
        ? t('integrations.sso.summary.created', { role: t(`common.roles.${provider.defaultRole}`) })
        : t('integrations.sso.summary.notCreated'),
    ],
    [
      t('integrations.sso.summary.passwords'),
      provider.requireSso
        ? t('integrations.sso.summary.passwordsRefused')
        : t('integrations.sso.summary.passwordsAccepted'),
    ],
  ];
  return (
    <Stack gap="sm" data-testid="sso-provider">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Text fw={600}>{provider.displayName}</Text>
          <Badge color={provider.enabled ? 'teal.9' : 'gray.7'} variant="filled">
            {provider.enabled ? t('integrations.sso.on') : t('integrations.sso.off')}
          </Badge>
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={onEdit}>
            {t('integrations.sso.edit')}
          </Button>
          <Button variant="outline" color="red.8" onClick={onRemove}>
            {t('integrations.sso.remove')}
          </Button>
        </Group>
      </Group>
      <Table withTableBorder variant="vertical" layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={200}>
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
