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

// /reset/{token}: the page a forgotten password's e-mail links to. Plain elements, like the
// sign-in page (no UI library): see docs/architecture.md.

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { link, retry, expire } = useLinkUser('GET /user/byResetPasswordToken', token);
  return (
    <Page title={t('pages.reset.title')} size="xs">
      <LinkStatus
        link={link}
        invalid="errors.NOT_FOUND_OR_ALREADY_USED"
        next={{ to: paths.forgot, label: 'resetPassword.newLink' }}
        onRetry={retry}
      />
      {link.status === 'ready' && <ResetPasswordForm token={token} user={link.user} onLinkGone={expire} />}
    </Page>
  );
}

function ResetPasswordForm({ token, user, onLinkGone }: { token: string; user: LinkUser; onLinkGone: () => void }) {
  const { t } = useTranslation();
  const form = useNewPasswordForm({
    idPrefix: 'reset',
    asksPassword: true,
    send: (value) => api.call('POST /reset', { body: { token, ...value } }),
    done: 'resetPassword.PASSWORD_CHANGED',
    onLinkGone,
  });
  return (
    <form className={formClasses.paper} onSubmit={(event) => void form.submit(event)} noValidate>
      <p className={formClasses.intro}>{t('resetPassword.intro', { username: user.username })}</p>
      {/* Lets a password manager file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
      <NewPasswordFields ids={form.ids} value={form.value} errors={form.errors} onChange={form.change} />
      <button
        type="submit"
        className={formClasses.submit}
        disabled={form.sending}
        aria-busy={form.sending || undefined}
      >
        {form.sending && <Spinner />}
        {t('resetPassword.submit')}
      </button>
    </form>
  );
}
