import { Checkbox, Fieldset, Select, Stack, Text, TextInput } from '@mantine/core';
import { type ApiTokenCreated, type ApiTokenScope, apiTokenInputSchema, apiTokenScopes } from '@vestibule/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { textFieldProps } from '../../form/fieldProps.ts';
import { useFormSave } from '../../form/useFormSave.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';
import { DEFAULT_API_TOKEN_EXPIRY, apiTokenExpiries, scopeKeys } from './apiTokenScopes.ts';

type Field = 'name' | 'scopes' | 'expiresInDays';

interface Values {
  name: string;
  scopes: ApiTokenScope[];
  expiresInDays: number;
}

/** The longest name the schema takes. */
const NAME_MAX = apiTokenInputSchema.shape.name.maxLength ?? undefined;

/**
 * Makes an API token (docs/api-tokens.md): its name, its scopes (one at least), and when it stops
 * working. The answer carries the token itself, handed to `onClose` for the page to show once.
 */
export function ApiTokenDialog({ onClose }: { onClose: (created: ApiTokenCreated | null) => void }) {
  const { t } = useTranslation();
  const scopesErrorId = useId();
  const descriptionId = useId();
  const form = useSchemaForm<Values, Values>(
    apiTokenInputSchema,
    { name: '', scopes: [], expiresInDays: DEFAULT_API_TOKEN_EXPIRY },
    { scopes: () => t('integrations.apiTokens.dialog.scopesRequired') },
  );
  const server = useServerFieldErrors<Field>(['name', 'scopes', 'expiresInDays']);
  const { saving, run } = useFormSave(server);
  const scopesError = server.message('scopes') ?? form.error('scopes');

  const save = form.onSubmit((body) => run(() => api.call('POST /apiTokens', { body }), onClose));

  // Kept in the catalogue's order, whatever order they were ticked in.
  const toggle = (scope: ApiTokenScope, on: boolean) => {
    const chosen = on ? [...form.values.scopes, scope] : form.values.scopes.filter((other) => other !== scope);
    form.setField(
      'scopes',
      apiTokenScopes.filter((candidate) => chosen.includes(candidate)),
    );
    form.touch('scopes');
    server.clear('scopes');
  };

  return (
    <AppDialog opened onClose={() => onClose(null)} title={t('integrations.apiTokens.dialog.title')} size="lg">
      <form id={server.formId} onSubmit={save} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('integrations.apiTokens.dialog.name')}
            description={t('integrations.apiTokens.dialog.nameHelp')}
            withAsterisk
            aria-required
            autoComplete="off"
            data-autofocus
            {...textFieldProps(form, server, 'name', NAME_MAX)}
          />
          <Fieldset legend={t('integrations.apiTokens.dialog.scopes')} variant="unstyled">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('integrations.apiTokens.dialog.scopesHelp')}
              </Text>
              {scopesError && (
                <Text size="sm" c="red.9" id={scopesErrorId}>
                  {scopesError}
                </Text>
              )}
              {apiTokenScopes.map((scope, index) => {
                const key = scopeKeys[scope];
                const helpId = `${descriptionId}-${key}`;
                return (
                  <Checkbox
                    key={scope}
                    label={t(`integrations.apiTokens.scopes.${key}.label`)}
                    description={<span id={helpId}>{t(`integrations.apiTokens.scopes.${key}.help`)}</span>}
                    checked={form.values.scopes.includes(scope)}
                    aria-invalid={scopesError !== undefined && index === 0 ? true : undefined}
                    aria-describedby={scopesError ? `${helpId} ${scopesErrorId}` : helpId}
                    onChange={(change) => toggle(scope, change.currentTarget.checked)}
                  />
                );
              })}
            </Stack>
          </Fieldset>
          <Select
            id="api-token-expiry"
            label={t('integrations.apiTokens.dialog.expiry')}
            description={t('integrations.apiTokens.dialog.expiryHelp')}
            data={apiTokenExpiries.map((days) => ({
              value: String(days),
              label: t(`integrations.apiTokens.dialog.expiries.${days}`),
            }))}
            value={String(form.values.expiresInDays)}
            onChange={(value) => {
              const days = apiTokenExpiries.find((candidate) => String(candidate) === value);
              if (days !== undefined) form.setField('expiresInDays', days);
              server.clear('expiresInDays');
            }}
            allowDeselect={false}
            error={server.message('expiresInDays') ?? form.error('expiresInDays')}
          />
          <DialogButtons
            onCancel={() => onClose(null)}
            saving={saving}
            submitLabel={t('integrations.apiTokens.dialog.submit')}
          />
        </Stack>
      </form>
    </AppDialog>
  );
}
