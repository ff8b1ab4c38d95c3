import { PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import {
  type SsoProvider,
  type SsoProviderInput,
  type SsoRole,
  type SsoSettings,
  ssoProviderInputSchema,
  ssoRoles,
} from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { SwitchWithHelp } from '../../components/SwitchWithHelp.tsx';
import { passwordFieldProps, textFieldProps } from '../../form/fieldProps.ts';
import { useFormSave } from '../../form/useFormSave.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';

type Field = 'displayName' | 'issuer' | 'clientId' | 'clientSecret' | 'allowedDomains' | 'roleClaim';

interface Values {
  enabled: boolean;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** As typed: separated by commas, spaces or new lines. */
  allowedDomains: string;
  roleClaim: string;
  createUsers: boolean;
  defaultRole: SsoRole;
  requireSso: boolean;
}

/** What the server reads of the form: an empty secret keeps the saved one, an empty claim is none. */
function toInput(values: Values): SsoProviderInput {
  return {
    enabled: values.enabled,
    displayName: values.displayName,
    issuer: values.issuer.trim(),
    clientId: values.clientId,
    ...(values.clientSecret === '' ? {} : { clientSecret: values.clientSecret }),
    allowedDomains: values.allowedDomains.split(/[\s,;]+/).filter((domain) => domain !== ''),
    roleClaim: values.roleClaim.trim() === '' ? null : values.roleClaim,
    createUsers: values.createUsers,
    defaultRole: values.defaultRole,
    requireSso: values.requireSso,
  };
}

/** The first setup needs the client secret; later, an empty field keeps the saved one. */
const firstSetupSchema = ssoProviderInputSchema.refine((input) => input.clientSecret !== undefined, {
  path: ['clientSecret'],
  message: 'required',
});

/**
 * Sets up the company's OpenID Connect provider (docs/sso.md): its name on the sign-in button, the
 * issuer, the client registered there, the e-mail domains it signs in, the role claim and whether
 * first sign-ins create users. The server reads the issuer's discovery document before saving.
 */
export function SsoDialog({
  provider,
  onClose,
}: {
  provider: SsoProvider | null;
  onClose: (saved: SsoSettings | null) => void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, SsoProviderInput>(
    provider ? ssoProviderInputSchema : firstSetupSchema,
    {
      enabled: provider?.enabled ?? true,
      displayName: provider?.displayName ?? '',
      issuer: provider?.issuer ?? '',
      clientId: provider?.clientId ?? '',
      clientSecret: '',
      allowedDomains: provider?.allowedDomains.join(', ') ?? '',
      roleClaim: provider?.roleClaim ?? '',
      createUsers: provider?.createUsers ?? false,
      defaultRole: provider?.defaultRole ?? 'ROLE_USER',
      requireSso: provider?.requireSso ?? false,
    },
    {
      clientSecret: (issue) => (issue.message === 'required' ? t('common.validation.required') : undefined),
      allowedDomains: (issue, values) =>
        values.allowedDomains.trim() === ''
          ? t('common.validation.required')
          : t('integrations.sso.dialog.allowedDomainsHelp'),
    },
    toInput,
  );
  const server = useServerFieldErrors<Field>(
    ['displayName', 'issuer', 'clientId', 'clientSecret', 'allowedDomains', 'roleClaim'],
    {
      SSO_ISSUER_NOT_ALLOWED: 'issuer',
      SSO_ISSUER_UNREACHABLE: 'issuer',
      SSO_DOMAIN_TAKEN: 'allowedDomains',
      MISSING: 'clientSecret',
    },
  );
  const { saving, run } = useFormSave(server);
  const save = form.onSubmit((body) => run(() => api.call('PUT /ssoProvider', { body }), onClose));

  return (
    <AppDialog
      opened
      onClose={() => onClose(null)}
      title={t('integrations.sso.dialog.title')}
      size="lg"
      data-testid="sso-dialog"
    >
      <form id={server.formId} onSubmit={save} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('integrations.sso.dialog.displayName')}
            description={t('integrations.sso.dialog.displayNameHelp', {
              name: form.values.displayName.trim() || 'Acme',
            })}
            withAsterisk
            aria-required
            autoComplete="off"
            data-autofocus
            {...textFieldProps(form, server, 'displayName', 80)}
          />
          <TextInput
            label={t('integrations.sso.dialog.issuer')}
            description={t('integrations.sso.dialog.issuerHelp')}
            type="url"
            withAsterisk
            aria-required
            autoComplete="off"
            {...textFieldProps(form, server, 'issuer', 500)}
          />
          <TextInput
            label={t('integrations.sso.dialog.clientId')}
            withAsterisk
            aria-required
            autoComplete="off"
            {...textFieldProps(form, server, 'clientId', 200)}
          />
          <PasswordInput
            label={t('integrations.sso.dialog.clientSecret')}
            description={
              provider ? t('integrations.sso.dialog.clientSecretKeep') : t('integrations.sso.dialog.clientSecretNew')
            }
            withAsterisk={provider === null}
            aria-required={provider === null}
            autoComplete="new-password"
            {...passwordFieldProps(form, server, 'clientSecret', t('integrations.sso.dialog.showSecret'))}
          />
          <TextInput
            label={t('integrations.sso.dialog.allowedDomains')}
            description={t('integrations.sso.dialog.allowedDomainsHelp')}
            withAsterisk
            aria-required
            autoComplete="off"
            {...textFieldProps(form, server, 'allowedDomains', 2000)}
          />
          <TextInput
            label={t('integrations.sso.dialog.roleClaim')}
            description={t('integrations.sso.dialog.roleClaimHelp')}
            autoComplete="off"
            {...textFieldProps(form, server, 'roleClaim', 100)}
          />
          <SwitchWithHelp
            id="sso-create-users"
            label={t('integrations.sso.dialog.createUsers')}
            help={t('integrations.sso.dialog.createUsersHelp')}
            checked={form.values.createUsers}
            onChange={(change) => form.setField('createUsers', change.currentTarget.checked)}
          />
          <Select
            label={t('integrations.sso.dialog.defaultRole')}
            data={ssoRoles.map((role) => ({ value: role, label: t(`common.roles.${role}`) }))}
            value={form.values.defaultRole}
            allowDeselect={false}
            onChange={(role) => {
              const chosen = ssoRoles.find((known) => known === role);
              if (chosen) form.setField('defaultRole', chosen);
            }}
          />
          <SwitchWithHelp
            id="sso-require"
            label={t('integrations.sso.dialog.requireSso')}
            help={t('integrations.sso.dialog.requireSsoHelp')}
            checked={form.values.requireSso}
            onChange={(change) => form.setField('requireSso', change.currentTarget.checked)}
          />
          <SwitchWithHelp
            id="sso-enabled"
            label={t('integrations.sso.dialog.enabled')}
            help={t('integrations.sso.dialog.enabledHelp')}
            checked={form.values.enabled}
            onChange={(change) => form.setField('enabled', change.currentTarget.checked)}
          />
          <DialogButtons onCancel={() => onClose(null)} saving={saving} />
        </Stack>
      </form>
    </AppDialog>
  );
}
