import { Button, Divider, Group, PasswordInput, Stack, Text, Title, type PasswordInputProps } from '@mantine/core';
import { type NewPassword, type User, newPasswordSchema } from '@vestibule/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { PasswordRules } from '../../components/PasswordRules.tsx';
import { passwordFieldProps } from '../../form/fieldProps.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';
import { messageFromError, notifications } from '../notifications/index.ts';

type PasswordField = keyof NewPassword;

const passwordFields: readonly PasswordField[] = ['password', 'confirmPassword'];
const empty: NewPassword = { password: '', confirmPassword: '' };
// The rules are a list: Mantine draws the description as a div for it (its types do not list the prop).
const descriptionAsDiv = { component: 'div', mt: 'xs' } as PasswordInputProps['descriptionProps'];

/**
 * An administrator's two ways to help a user who cannot sign in: send them a link to choose a new
 * password, or set one here (the shared policy, shown as it is typed). Either way the user's
 * sessions end.
 */
export function UserPasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const form = useSchemaForm<NewPassword, NewPassword>(newPasswordSchema, empty);
  const server = useServerFieldErrors(passwordFields);
  const [busy, setBusy] = useState<'link' | 'set' | null>(null);
  const rulesId = useId();

  const field = (key: PasswordField, label: string) => ({
    label,
    autoComplete: 'new-password',
    ...passwordFieldProps(form, server, key, t('users.password.showPassword')),
  });

  const sendLink = async () => {
    setBusy('link');
    notifications.clearBanners();
    try {
      await api.call('POST /user/:id/resetPassword', { params: { id: user.id } });
      notifications.showSuccess({ key: 'users.password.LINK_SENT', params: { email: user.email ?? '' } });
    } catch (error) {
      notifications.showError(messageFromError(error));
    } finally {
      setBusy(null);
    }
  };

  const setPassword = form.onSubmit(async ({ password, confirmPassword }) => {
    setBusy('set');
    notifications.clearBanners();
    try {
      await api.call('POST /user/:id/changePassword', { params: { id: user.id }, body: { password, confirmPassword } });
      form.reset(empty);
      server.reset();
      notifications.showSuccess({ key: 'users.password.PASSWORD_SET' });
    } catch (error) {
      if (!server.place(error)) notifications.showError(messageFromError(error));
    } finally {
      setBusy(null);
    }
  });

  return (
    <Stack gap="sm">
      <Divider />
      <Title order={3} size="h4">
        {t('users.password.title')}
      </Title>
      <Group>
        <Button variant="default" disabled={!user.email} loading={busy === 'link'} onClick={() => void sendLink()}>
          {t('users.password.sendLink')}
        </Button>
        {!user.email && <Text size="sm">{t('users.password.noEmail')}</Text>}
      </Group>
      <form id={server.formId} onSubmit={setPassword} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            {...field('password', t('users.password.newPassword'))}
            description={<PasswordRules id={rulesId} password={form.values.password} />}
            descriptionProps={descriptionAsDiv}
            inputWrapperOrder={['label', 'input', 'error', 'description']}
          />
          <PasswordInput {...field('confirmPassword', t('users.password.confirmPassword'))} />
          <Group>
            <Button type="submit" variant="outline" loading={busy === 'set'}>
              {t('users.password.set')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
