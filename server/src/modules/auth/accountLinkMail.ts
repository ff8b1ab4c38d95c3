// The e-mails of an account's one-time links, in the recipient's language (sent by the outbox).
import { type Locale, RESET_PASSWORD_TOKEN_MINUTES, VERIFICATION_TOKEN_HOURS } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { OutgoingMail } from '../mail/mail.repo.ts';

export interface LinkMail {
  tenantId: string | null;
  to: string;
  locale: Locale;
  username: string;
  /** The page the link opens, with its token (…/reset/{token}, …/verify/{token}). */
  link: string;
}

function compose(kind: 'resetPassword' | 'verifyEmail', mail: LinkMail): OutgoingMail {
  const params = {
    username: mail.username,
    minutes: String(RESET_PASSWORD_TOKEN_MINUTES),
    hours: String(VERIFICATION_TOKEN_HOURS),
  };
  const t = (key: string) => translate(mail.locale, `mail.${kind}.${key}`, params);
  return {
    tenantId: mail.tenantId,
    to: mail.to,
    locale: mail.locale,
    subject: t('subject'),
    text: [t('greeting'), `${t('text')}\n${mail.link}`, t('ignore')].join('\n\n'),
  };
}

export const resetPasswordMail = (mail: LinkMail) => compose('resetPassword', mail);
export const verifyEmailMail = (mail: LinkMail) => compose('verifyEmail', mail);
