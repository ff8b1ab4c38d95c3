import { Fieldset, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type Locale, type Tenant, countries, locales } from '@vestibule/shared';
import { type ChangeEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { SwitchWithHelp } from '../../components/SwitchWithHelp.tsx';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';
import { currentLocale } from '../locale/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import {
  type CompanyTextField,
  type EditedTenant,
  type MasterTextField,
  type NewTenant,
  type TenantValues,
  editTenantSchema,
  newTenantSchema,
  tenantInput,
  tenantValues,
} from './tenantForm.ts';
import { useEmailCheck } from '../../form/useEmailCheck.ts';

/** The longest values the shared schemas take, so a field stops where the server would refuse. */
const max = {
  name: 120,
  address1: 80,
  address2: 80,
  city: 80,
  state: 40,
  zip: 14,
  phone: 25,
  phone2: 25,
  fax: 25,
  email: 96,
  username: 50,
  masterEmail: 254,
  personName: 100,
} as const;

const serverFields = ['tenant.name', 'tenant.email', 'master.username', 'master.email'] as const;
type ServerField = (typeof serverFields)[number];

/**
 * Adds a company with its first corporate user (POST /tenantWithMaster: the user gets an e-mail to
 * verify the address and choose a password), or edits one (PATCH /tenant/{id}). `onClose` says
 * whether anything was saved.
 */
export function TenantDialog({ tenant, onClose }: { tenant: Tenant | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      opened
      onClose={() => onClose(false)}
      title={tenant ? t('tenants.dialog.editTitle') : t('tenants.dialog.addTitle')}
      size="xl"
      data-testid="tenant-dialog"
    >
      <TenantForm tenant={tenant} onClose={onClose} />
    </AppDialog>
  );
}

function TenantForm({ tenant, onClose }: { tenant: Tenant | null; onClose: (saved: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const form = useSchemaForm<TenantValues, NewTenant | EditedTenant>(
    tenant ? editTenantSchema : newTenantSchema,
    tenantValues(tenant, currentLocale()),
    {},
    tenantInput,
  );
  const server = useServerFieldErrors<ServerField>(serverFields, {
    USER_ALREADY_EXISTS: 'master.username',
    EMAIL_ALREADY_EXISTS: 'master.email',
  });
  const emailCheck = useEmailCheck(tenant ? '' : form.values.master.email);
  const [saving, setSaving] = useState(false);
  const language = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  const countryChoices = useMemo(
    () => countries(language).map((country) => ({ value: country.code, label: country.name })),
    [language],
  );
  const { values } = form;

  const setCompany = <K extends keyof TenantValues['tenant']>(key: K, value: TenantValues['tenant'][K]) =>
    form.setValues((current) => ({ ...current, tenant: { ...current.tenant, [key]: value } }));
  const setMaster = <K extends keyof TenantValues['master']>(key: K, value: TenantValues['master'][K]) =>
    form.setValues((current) => ({ ...current, master: { ...current.master, [key]: value } }));

  const fieldError = (path: string) =>
    (serverFields as readonly string[]).includes(path)
      ? (server.message(path as ServerField) ?? form.error(path))
      : form.error(path);

  const company = (key: CompanyTextField) => ({
    id: `tenant-${key}`,
    value: values.tenant[key],
    maxLength: max[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setCompany(key, event.currentTarget.value);
      if (key === 'name' || key === 'email') server.clear(`tenant.${key}`);
    },
    onBlur: () => form.touch(`tenant.${key}`),
    error: fieldError(`tenant.${key}`),
  });

  const master = (key: MasterTextField, maxLength: number) => ({
    id: `tenant-master-${key}`,
    value: values.master[key],
    maxLength,
    autoComplete: 'off',
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setMaster(key, event.currentTarget.value);
      if (key === 'username' || key === 'email') server.clear(`master.${key}`);
    },
    onBlur: () => form.touch(`master.${key}`),
    error: fieldError(`master.${key}`),
  });

  const masterEmailError =
    fieldError('master.email') ?? (emailCheck === 'taken' ? t('common.validation.uniqueEmail') : undefined);

  const save = form.onSubmit(async (data) => {
    if (!tenant && emailCheck === 'taken') return;
    setSaving(true);
    notifications.clearBanners();
    try {
      if (tenant) {
        await api.call('PATCH /tenant/:id', { params: { id: tenant.id }, body: (data as EditedTenant).tenant });
        notifications.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
      } else {
        const body = data as NewTenant;
        const created = await api.call('POST /tenantWithMaster', { body });
        const email = created.master.email ?? body.master.email;
        // Stays until closed: the administrator may want to tell the new user.
        notifications.showSuccess({ key: 'tenants.created', params: { name: created.tenant.name, email } }, 0);
      }
      onClose(true);
    } catch (error) {
      if (!server.place(error)) notifications.showError(messageFromError(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form id={server.formId} onSubmit={save} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('tenants.fields.company')}>
          <Stack gap="sm">
            <TextInput
              label={t('tenants.fields.name')}
              withAsterisk
              aria-required
              data-autofocus
              {...company('name')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('tenants.fields.address1')} {...company('address1')} />
              <TextInput label={t('tenants.fields.address2')} {...company('address2')} />
              <TextInput label={t('tenants.fields.city')} {...company('city')} />
              <TextInput label={t('tenants.fields.state')} {...company('state')} />
              <TextInput label={t('tenants.fields.zip')} {...company('zip')} />
              <Select
                id="tenant-countryCode"
                label={t('tenants.fields.countryCode')}
                data={countryChoices}
                value={values.tenant.countryCode || null}
                onChange={(value) => setCompany('countryCode', value ?? '')}
                onBlur={() => form.touch('tenant.countryCode')}
                error={form.error('tenant.countryCode')}
                searchable
                clearable
                comboboxProps={{ withinPortal: true, zIndex: 400 }}
              />
              <NumberInput
                id="tenant-licencesCount"
                label={t('tenants.fields.licencesCount')}
                withAsterisk
                aria-required
                min={0}
                max={100_000}
                allowDecimal={false}
                allowNegative={false}
                value={values.tenant.licencesCount}
                onChange={(value) => setCompany('licencesCount', value)}
                onBlur={() => form.touch('tenant.licencesCount')}
                error={form.error('tenant.licencesCount')}
              />
            </SimpleGrid>
            <Switch
              id="tenant-active"
              label={t('tenants.fields.active')}
              checked={values.tenant.active}
              onChange={(event) => setCompany('active', event.currentTarget.checked)}
            />
            <SwitchWithHelp
              id="tenant-shareWhereabouts"
              label={t('tenants.fields.shareWhereabouts')}
              help={t('tenants.fields.shareWhereaboutsHelp')}
              checked={values.tenant.shareWhereabouts}
              onChange={(event) => setCompany('shareWhereabouts', event.currentTarget.checked)}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('tenants.fields.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('tenants.fields.email')} type="email" autoComplete="off" {...company('email')} />
            <TextInput label={t('tenants.fields.phone')} type="tel" autoComplete="off" {...company('phone')} />
            <TextInput label={t('tenants.fields.phone2')} type="tel" autoComplete="off" {...company('phone2')} />
            <TextInput label={t('tenants.fields.fax')} type="tel" autoComplete="off" {...company('fax')} />
          </SimpleGrid>
        </Fieldset>
        {!tenant && (
          <Fieldset legend={t('tenants.master.section')}>
            <Stack gap="sm">
              <Text size="sm">{t('tenants.master.help')}</Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('tenants.master.username')}
                  withAsterisk
                  aria-required
                  {...master('username', max.username)}
                />
                <TextInput
                  label={t('tenants.master.email')}
                  type="email"
                  withAsterisk
                  aria-required
                  {...master('email', max.masterEmail)}
                  error={masterEmailError}
                  aria-invalid={masterEmailError !== undefined}
                  description={emailCheck === 'checking' ? t('tenants.master.checking') : undefined}
                />
                <TextInput label={t('tenants.master.firstName')} {...master('firstName', max.personName)} />
                <TextInput label={t('tenants.master.lastName')} {...master('lastName', max.personName)} />
                <Select
                  id="tenant-master-userLocale"
                  label={t('tenants.master.language')}
                  data={locales.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) }))}
                  value={values.master.userLocale}
                  onChange={(value) => {
                    if (value) setMaster('userLocale', value as Locale);
                  }}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true, zIndex: 400 }}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>
        )}
        <DialogButtons
          onCancel={() => onClose(false)}
          saving={saving}
          submitLabel={tenant ? undefined : t('tenants.dialog.create')}
        />
      </Stack>
    </form>
  );
}
