import { Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { homePathFor, paths } from '../routing/index.ts';
import { selectSignedIn, useSession } from '../session/index.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const signedIn = useSession(selectSignedIn);
  const role = useSession((state) => state.user?.role);
  const authLoading = useSession((state) => state.authLoading);
  const login = useSession((state) => state.login);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState({ username: false, password: false });

  // Someone already signed in who opens /login goes home. After signing in here, the
  // session navigates itself (to the remembered page first).
  const [signedInOnArrival] = useState(signedIn);
  if (signedInOnArrival) return <Navigate to={homePathFor(role)} replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = { username: username.trim() === '', password: password === '' };
    setMissing(next);
    if (next.username || next.password) {
      const firstMissing = event.currentTarget.querySelector<HTMLInputElement>(
        next.username ? '#login-username' : '#login-password',
      );
      firstMissing?.focus();
      return;
    }
    void login({ username: username.trim(), password });
  };

  const required = t('common.validation.required');
  return (
    <Page title={t('login.title')} size="xs">
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate aria-label={t('login.title')}>
        <Stack gap="md">
          <Text>{t('login.intro')}</Text>
          <TextInput
            id="login-username"
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            withAsterisk
            aria-required
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            error={missing.username ? required : undefined}
          />
          <PasswordInput
            id="login-password"
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            withAsterisk
            aria-required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={missing.password ? required : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword'), tabIndex: 0 }}
          />
          <Button type="submit" loading={authLoading} fullWidth>
            {t('login.submit')}
          </Button>
          <Anchor component={Link} to={paths.forgot} size="sm">
            {t('login.forgot')}
          </Anchor>
        </Stack>
      </Paper>
    </Page>
  );
}
