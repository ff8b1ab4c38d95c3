import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { Page } from '../../components/Page.tsx';
import { plainFormClasses as formClasses } from '../../components/PlainForm.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../routing/index.ts';
import { LinkStatus } from './LinkStatus.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { type LinkUser, useLinkUser } from './useLinkUser.ts';
import { useNewPasswordForm } from './useNewPasswordForm.ts';
import classes from './account.module.css';

// /verify/{token}: the page a new account's e-mail links to. It confirms the address and, for an
// account made without a password, lets its owner choose one. Plain elements, like the sign-in page.

export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { link, retry, expire } = useLinkUser('GET /user/byVerificationToken', token);
  return (
    <Page title={t('pages.verify.title')} size="xs">
      <LinkStatus
        link={link}
        invalid="errors.NOT_FOUND_OR_ALREADY_VERIFIED"
        next={{ to: paths.login, label: 'verify.toLogin' }}
        onRetry={retry}
      />
      {link.status === 'ready' && <VerifyEmailForm token={token} user={link.user} onLinkGone={expire} />}
    </Page>
  );
}

function VerifyEmailForm({ token, user, onLinkGone }: { token: string; user: LinkUser; onLinkGone: () => void }) {
  const { t } = useTranslation();
  const asksPassword = user.passwordRequired;
  const form = useNewPasswordForm({
    idPrefix: 'verify',
    asksPassword,
    send: (value) => api.call('POST /user/verify', { body: asksPassword ? { token, ...value } : { token } }),
    done: 'verify.EMAIL_VERIFIED',
    onLinkGone,
  });
  return (
    <form className={formClasses.paper} onSubmit={(event) => void form.submit(event)} noValidate>
      <p className={classes.greeting}>{t('verify.greeting', { username: user.username })}</p>
      <p className={formClasses.intro}>{t('verify.intro')}</p>
      {asksPassword && (
        <>
          <p className={formClasses.intro}>{t('verify.choosePassword')}</p>
          {/* Lets a password manager file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
          <NewPasswordFields ids={form.ids} value={form.value} errors={form.errors} onChange={form.change} />
        </>
      )}
      <button
        type="submit"
        className={formClasses.submit}
        disabled={form.sending}
        aria-busy={form.sending || undefined}
      >
        {form.sending && <Spinner />}
        {t('verify.submit')}
      </button>
    </form>
  );
}
