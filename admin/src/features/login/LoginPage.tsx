import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { errorProps, Field, PasswordInput, plainFormClasses as classes } from '../../components/PlainForm.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { homePathFor, paths } from '../routing/index.ts';
import { selectSignedIn, useSession } from '../session/index.ts';
import { SsoSignIn } from './SsoSignIn.tsx';

// The sign-in page is drawn with plain elements and the plain form's small stylesheet (the Mantine
// theme's values), so that the first page most users open loads no UI library: see docs/architecture.md.

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
      <form className={classes.paper} onSubmit={submit} noValidate aria-label={t('login.title')}>
        <p className={classes.intro}>{t('login.intro')}</p>
        <Field id="login-username" label={t('login.username')} error={missing.username ? required : undefined}>
          <input
            id="login-username"
            className={classes.input}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            aria-required
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            {...errorProps('login-username', missing.username)}
          />
        </Field>
        <Field id="login-password" label={t('login.password')} error={missing.password ? required : undefined}>
          <PasswordInput
            id="login-password"
            name="password"
            autoComplete="current-password"
            aria-required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            toggleLabel={t('login.showPassword')}
            {...errorProps('login-password', missing.password)}
          />
        </Field>
        <button type="submit" className={classes.submit} disabled={authLoading} aria-busy={authLoading || undefined}>
          {authLoading && <Spinner />}
          {t('login.submit')}
        </button>
        <Link to={paths.forgot} className={classes.link}>
          {t('login.forgot')}
        </Link>
      </form>
      <SsoSignIn />
    </Page>
  );
}
