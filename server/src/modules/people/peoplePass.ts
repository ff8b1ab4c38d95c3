// A person's access pass: its identifier, the personal check-in link (the building's check-in page
// with the person's pass identifier), that link as a QR code, and the e-mails that carry them.
// The outbox has no attachments: the pass e-mail gives the link and the identifier in words.
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { Locale } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import { QR_OPTIONS } from '../notifications/visitQr.ts';

/** A pass identifier: 18 random bytes, 24 URL-safe characters (what the QR code encodes). */
export function newPassIdentifier(): string {
  return randomBytes(18).toString('base64url');
}

/** `${PUBLIC_URL or the request's origin}/checkin/{building's check-in key}/{pass identifier}`. */
export function personalLink(ctx: ServerContext, origin: string, qrCodeKey: string, identifier: string): string {
  const base = (ctx.config.publicUrl ?? origin).replace(/\/$/, '');
  return `${base}/checkin/${encodeURIComponent(qrCodeKey)}/${encodeURIComponent(identifier)}`;
}

/** The QR code of the link, as a PNG data URL, drawn as every QR code of the product. */
export function passQrCode(link: string): Promise<string> {
  return QRCode.toDataURL(link, { ...QR_OPTIONS, type: 'image/png' });
}

export interface PassMail {
  tenantId: string;
  to: string;
  locale: Locale;
  name: string;
  building: string;
  link: string;
  identifier: string;
  replyTo: string | null;
}

/** The pass e-mail (link and identifier) or the link e-mail, in the person's language. */
export function passMail(kind: 'pass' | 'link', mail: PassMail): OutgoingMail {
  const params = { name: mail.name, building: mail.building, identifier: mail.identifier };
  const t = (key: string) => translate(mail.locale, `mail.people.${kind}.${key}`, params);
  const paragraphs =
    kind === 'pass'
      ? [t('greeting'), `${t('text')}\n${mail.link}`, t('identifier'), t('keep')]
      : [t('greeting'), `${t('text')}\n${mail.link}`, t('keep')];
  return {
    tenantId: mail.tenantId,
    to: mail.to,
    locale: mail.locale,
    subject: t('subject'),
    text: paragraphs.join('\n\n'),
    replyTo: mail.replyTo,
  };
}
