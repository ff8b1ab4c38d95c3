import { Button, Group, PasswordInput, Stack, Text, type PasswordInputProps } from '@mantine/core';
import { changePasswordSchema, type ChangePassword } from '@vestibule/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { PasswordRules } from '../../components/PasswordRules.tsx';
import { passwordFieldProps } from '../../form/fieldProps.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { useSessionStore } from '../session/index.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';

type PasswordField = keyof ChangePassword;

const passwordFields: readonly PasswordField[] = ['oldPassword', 'password', 'confirmPassword'];
const empty: ChangePassword = { oldPassword: '', password: '', confirmPassword: '' };
// Mantine draws a field's description as a paragraph; the password rules hold a list, so theirs is
// drawn as a div (Mantine passes the prop to the element it renders; its types do not list it).
const descriptionAsDiv = { component: 'div', mt: 'xs' } as PasswordInputProps['descriptionProps'];

/**
 * The user's own password change: the current one, the new one with the policy's rules following
 * what is typed, and its confirmation. The server ends the user's other sessions and answers a new
 * token, which this tab goes on with (the old one is refused from then on).
 */
export function PasswordSection() {
  const { t } = useTranslation();
  const session = useSessionStore();
  const form = useSchemaForm<ChangePassword, ChangePassword>(changePasswordSchema, empty);
  const server = useServerFieldErrors(passwordFields, { OLD_PASSWORD_NOT_MATCH: 'oldPassword' });
  const [saving, setSaving] = useState(false);
  const rulesId = useId();

  const field = (key: PasswordField, label: string, autoComplete: string) => ({
    label,
    autoComplete,
    withAsterisk: true,
    'aria-required': true,
    ...passwordFieldProps(form, server, key, t('myProfile.password.showPassword')),
  });

  const save = form.onSubmit(async (change) => {
    setSaving(true);
    notifications.clearBanners();
    try {
      const response = await api.call('POST /profile/changePassword', { body: change });
      session.getState().adoptSession(response);
      form.reset(empty);
      server.reset();
      notifications.showSuccess({ key: 'myProfile.PASSWORD_CHANGED' });
    } catch (error) {
      if (!server.place(error)) notifications.showError(messageFromError(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <SectionCard title={t('myProfile.password.title')}>
      <Text size="sm">{t('myProfile.password.intro')}</Text>
      <form id={server.formId} onSubmit={save} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput {...field('oldPassword', t('myProfile.password.oldPassword'), 'current-password')} />
          <PasswordInput
            {...field('password', t('myProfile.password.newPassword'), 'new-password')}
            // The rules are the field's description, read with it; below the field, as they follow the typing.
            description={<PasswordRules id={rulesId} password={form.values.password} />}
            descriptionProps={descriptionAsDiv}
            inputWrapperOrder={['label', 'input', 'error', 'description']}
          />
          <PasswordInput {...field('confirmPassword', t('myProfile.password.confirmPassword'), 'new-password')} />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('myProfile.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
