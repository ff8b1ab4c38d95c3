import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { type ApiToken, type ApiTokenCreated, type ApiTokens, SERVICE_BASE } from '@vestibule/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { IconExternalLink } from '../../components/Icons.tsx';
import { IconPlus } from '../../components/ListIcons.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { ApiTokenCreatedDialog } from './ApiTokenCreatedDialog.tsx';
import { ApiTokenDialog } from './ApiTokenDialog.tsx';
import { IconBan } from './IntegrationIcons.tsx';
import { scopeKeys } from './apiTokenScopes.ts';

/** The OpenAPI document of the service, which names each call's scope (docs/api-tokens.md). */
const API_DOCS_URL = `${SERVICE_BASE}/docs`;

type TokenState = 'active' | 'revoked' | 'expired';
const stateColor: Record<TokenState, string> = { active: 'teal.9', revoked: 'gray.7', expired: 'orange.9' };

/** A revoked token stays revoked; otherwise one past its expiry is refused as expired. */
function stateOf(token: ApiToken, now: number): TokenState {
  if (token.revokedAt !== null) return 'revoked';
  return Date.parse(token.expiresAt) <= now ? 'expired' : 'active';
}

/**
 * The company's API tokens (docs/api-tokens.md): each one's name and first characters, scopes,
 * who made it and when, its expiry, last use and state; made (the token shown once) or revoked
 * after a question. A revoked or expired token stays in the list, greyed, with nothing left to do.
 */
export function ApiTokensSection() {
  const { t } = useTranslation();
  // Whether a token has expired is told as of the moment the list was read.
  const load = useCallback(
    async (signal: AbortSignal) => ({ ...(await api.call('GET /apiTokens', { signal })), readAt: Date.now() }),
    [],
  );
  const { state, reload } = useLoaded<ApiTokens & { readAt: number }>(load);
  const [making, setMaking] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const revoke = async (token: ApiToken) => {
    setRevoking(null);
    try {
      await api.call('DELETE /apiTokens/:id', { params: { id: token.id } });
      notifications.showSuccess({ key: 'integrations.apiTokens.revoked' });
      reload();
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  const add = (
    <Button leftSection={<IconPlus />} onClick={() => setMaking(true)}>
      {t('integrations.apiTokens.add')}
    </Button>
  );
  const docsLabel = t('integrations.apiTokens.docs');
  const docs = (
    <Anchor
      href={API_DOCS_URL}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('shell.newTab', { label: docsLabel })}
    >
      <Group gap={6} component="span" display="inline-flex">
        {docsLabel}
        <IconExternalLink size={16} />
      </Group>
    </Anchor>
  );

  return (
    <SectionCard title={t('integrations.apiTokens.title')}>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'failed' && (
        <LoadFailed title={t('integrations.apiTokens.title')} error={state.error} onRetry={reload} />
      )}
      {state.kind === 'loaded' && state.data.tokens.length === 0 && (
        <Stack gap="sm" align="flex-start">
          <Text>{t('integrations.apiTokens.empty')}</Text>
          {docs}
          {add}
        </Stack>
      )}
      {state.kind === 'loaded' && state.data.tokens.length > 0 && (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4} style={{ flex: '1 1 24rem' }} align="flex-start">
              <Text>{t('integrations.apiTokens.intro')}</Text>
              {docs}
            </Stack>
            {add}
          </Group>
          <TokenTable tokens={state.data.tokens} now={state.data.readAt} onRevoke={setRevoking} />
        </>
      )}
      {making && (
        <ApiTokenDialog
          onClose={(answer) => {
            setMaking(false);
            if (answer === null) return;
            reload();
            setCreated(answer);
          }}
        />
      )}
      {created && <ApiTokenCreatedDialog answer={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        opened={revoking !== null}
        title={t('integrations.apiTokens.revokeTitle')}
        confirmLabel={t('integrations.apiTokens.revokeConfirm')}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
        data-testid="revoke-api-token"
      >
        {t('integrations.apiTokens.revokeText', { name: revoking?.name ?? '' })}
      </ConfirmDialog>
    </SectionCard>
  );
}

function TokenTable({
  tokens,
  now,
  onRevoke,
}: {
  tokens: ApiToken[];
  now: number;
  onRevoke: (token: ApiToken) => void;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table withTableBorder verticalSpacing="xs" data-testid="api-tokens-table">
        <Table.Caption>{t('integrations.apiTokens.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('integrations.apiTokens.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('integrations.apiTokens.columns.scopes')}</Table.Th>
            <Table.Th scope="col">{t('integrations.apiTokens.columns.made')}</Table.Th>
            <Table.Th scope="col">{t('integrations.apiTokens.columns.expires')}</Table.Th>
            <Table.Th scope="col">{t('integrations.apiTokens.columns.lastUsed')}</Table.Th>
            <Table.Th scope="col">{t('integrations.apiTokens.columns.state')}</Table.Th>
            <Table.Th scope="col" w={130}>
              {t('integrations.apiTokens.columns.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => {
            const tokenState = stateOf(token, now);
            const usable = tokenState === 'active';
            return (
              // Greyed, yet dark enough to read: a token that no longer works is still told of.
              <Table.Tr key={token.id} c={usable ? undefined : 'gray.7'} bg={usable ? undefined : 'gray.0'}>
                <Table.Th scope="row" fw={500}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {token.name}
                  </Text>
                  <Text size="xs" ff="monospace">
                    {t('integrations.apiTokens.startsWith', { prefix: token.prefix })}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <Text size="sm">
                    {token.scopes
                      .map((scope) => t(`integrations.apiTokens.scopes.${scopeKeys[scope]}.label`))
                      .join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{format.date(token.createdAt)}</Text>
                  {token.createdBy !== null && (
                    <Text size="xs">{t('integrations.apiTokens.madeBy', { name: token.createdBy })}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{format.date(token.expiresAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {token.lastUsedAt === null ? t('integrations.apiTokens.never') : format.dateTime(token.lastUsedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={stateColor[tokenState]} variant="filled" miw="max-content">
                    {t(`integrations.apiTokens.states.${tokenState}`)}
                  </Badge>
                  {token.revokedAt !== null && (
                    <Text size="xs">
                      {t('integrations.apiTokens.revokedOn', { date: format.date(token.revokedAt) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {usable && (
                    <Button
                      variant="outline"
                      size="compact-sm"
                      color="red.9"
                      leftSection={<IconBan />}
                      onClick={() => onRevoke(token)}
                      aria-label={t('integrations.apiTokens.revokeLabel', { name: token.name })}
                    >
                      {t('integrations.apiTokens.revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
