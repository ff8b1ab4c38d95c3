import { SERVICE_BASE, SSO_ERROR_PARAM, type SsoDiscovered, isErrorCode } from '@vestibule/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { errorProps, Field, plainFormClasses as classes } from '../../components/PlainForm.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { messageFromError, useNoticeText } from '../notifications/index.ts';
import ssoClasses from './SsoSignIn.module.css';

// Single sign-on on the sign-in page (docs/sso.md): the person types their work e-mail or their
// company's name, the page offers "Sign in with {provider}", and the browser goes through the
// provider and comes back signed in (or here, with the reason in `?ssoError=`).

type Found = SsoDiscovered['provider'];

export function SsoSignIn() {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const [searchParams] = useSearchParams();
  const returnedCode = searchParams.get(SSO_ERROR_PARAM);
  const returned = returnedCode !== null && isErrorCode(returnedCode) ? returnedCode : null;
  const [open, setOpen] = useState(returned !== null);
  // The provider's refusal is shown until the person tries again.
  const [refusal, setRefusal] = useState(returned);
  const [login, setLogin] = useState('');
  const [missing, setMissing] = useState(false);
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<Found | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const id = `sso-${useId().replace(/[^\w-]/g, '')}`;

  const discover = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = login.trim();
    setMissing(text === '');
    setFound(undefined);
    setFailure(null);
    setRefusal(null);
    if (text === '') {
      document.getElementById(`${id}-login`)?.focus();
      return;
    }
    setSearching(true);
    try {
      const answer = await api.call('POST /sso/discover', { body: { login: text }, skipAuthFailure: true });
      setFound(answer.provider);
    } catch (error) {
      setFailure(noticeText(messageFromError(error)));
    } finally {
      setSearching(false);
    }
  };

  if (!open) {
    return (
      <div className={ssoClasses.alternative}>
        <span className={ssoClasses.separator}>{t('login.singleSignOn.separator')}</span>
        <button type="button" className={ssoClasses.secondary} onClick={() => setOpen(true)}>
          {t('login.singleSignOn.start')}
        </button>
      </div>
    );
  }

  return (
    <div className={ssoClasses.alternative}>
      <span className={ssoClasses.separator}>{t('login.singleSignOn.separator')}</span>
      <form
        className={classes.paper}
        onSubmit={(event) => void discover(event)}
        noValidate
        aria-label={t('login.singleSignOn.start')}
      >
        {refusal && (
          <p role="alert" className={ssoClasses.refusal}>
            {noticeText({ key: `errors.${refusal}` })}
          </p>
        )}
        <Field
          id={`${id}-login`}
          label={t('login.singleSignOn.login')}
          error={missing ? t('common.validation.required') : undefined}
        >
          <input
            id={`${id}-login`}
            className={classes.input}
            name="ssoLogin"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus={returned === null}
            aria-required
            aria-describedby={`${id}-hint`}
            value={login}
            onChange={(event) => {
              setLogin(event.currentTarget.value);
              setFound(undefined);
            }}
            {...errorProps(`${id}-login`, missing)}
          />
        </Field>
        <p id={`${id}-hint`} className={ssoClasses.hint}>
          {t('login.singleSignOn.hint')}
        </p>
        {found ? (
          <a className={`${classes.submit} ${ssoClasses.link}`} href={`${SERVICE_BASE}/sso/oidc/${found.id}/start`}>
            {t('login.singleSignOn.with', { name: found.displayName })}
          </a>
        ) : (
          <button
            type="submit"
            className={ssoClasses.secondary}
            disabled={searching}
            aria-busy={searching || undefined}
          >
            {searching && <Spinner />}
            {t('login.singleSignOn.continue')}
          </button>
        )}
        <div role="status" className={ssoClasses.status}>
          {found === null && <p className={ssoClasses.refusal}>{t('login.singleSignOn.none')}</p>}
          {failure && <p className={ssoClasses.refusal}>{failure}</p>}
        </div>
      </form>
    </div>
  );
}
