import { RESET_PASSWORD_TOKEN_MINUTES } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { Page } from '../../components/Page.tsx';
import { errorProps, Field, plainFormClasses as formClasses } from '../../components/PlainForm.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import type { MessageKey } from '../locale/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { paths } from '../routing/index.ts';
import classes from './account.module.css';

// /forgot: asks for a reset link by e-mail. The confirmation reads the same whether or not an
// account has the address (the server answers alike), and stays. Plain elements, like the
// sign-in page; a plain address check instead of the shared schema, so zod stays off the page.

const EMAIL_ID = 'forgot-email';

/** Something@something.tld without spaces: the server checks the rest. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<MessageKey | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);

  // The form goes away with its focused button: the focus moves to what replaces it.
  useEffect(() => {
    if (sentTo !== null) confirmation.current?.focus();
  }, [sentTo]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    const problem: MessageKey | null =
      address === '' ? 'common.validation.required' : looksLikeEmail(address) ? null : 'common.validation.email';
    setError(problem);
    if (problem) {
      document.getElementById(EMAIL_ID)?.focus();
      return;
    }
    setSending(true);
    try {
      await api.call('POST /forgot', { body: { email: address } });
      setSentTo(address);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        setError('common.validation.email');
        document.getElementById(EMAIL_ID)?.focus();
      } else {
        notifications.showError(messageFromError(failure));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Page title={t('pages.forgot.title')} size="xs">
      <div role="status">
        {sentTo !== null && (
          <p ref={confirmation} tabIndex={-1} className={classes.message} data-tone="success">
            {t('forgotPassword.RESET_EMAIL_SENT', { email: sentTo, minutes: RESET_PASSWORD_TOKEN_MINUTES })}
          </p>
        )}
      </div>
      {sentTo === null && (
        <form className={formClasses.paper} onSubmit={(event) => void submit(event)} noValidate>
          <p className={formClasses.intro}>{t('forgotPassword.intro')}</p>
          <Field id={EMAIL_ID} label={t('forgotPassword.email')} error={error ? t(error) : undefined}>
            <input
              id={EMAIL_ID}
              className={formClasses.input}
              type="email"
              name="email"
              autoComplete="email"
              spellCheck={false}
              autoFocus
              aria-required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              {...errorProps(EMAIL_ID, error !== null)}
            />
          </Field>
          <button type="submit" className={formClasses.submit} disabled={sending} aria-busy={sending || undefined}>
            {sending && <Spinner />}
            {t('forgotPassword.submit')}
          </button>
        </form>
      )}
      <Link to={paths.login} className={formClasses.link}>
        {t('forgotPassword.backToLogin')}
      </Link>
    </Page>
  );
}
