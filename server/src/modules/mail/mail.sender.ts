import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.ts';
import { type DueMail, processDueMail } from './mail.repo.ts';
import type { ChannelSend } from './outboxChannel.ts';

export const MAIL_BATCH = 20;
export const MAIL_MAX_ATTEMPTS = 10;

export interface MailSender {
  /** Sends what is due; answers how many were sent and how many failed this round. */
  sendDue: () => Promise<{ sent: number; failed: number }>;
  close: () => void;
}

/**
 * The background sender of the outbox: e-mails over SMTP (SMTP_URL; `from` defaults to no-reply at
 * the SMTP host), a host's chat and SMS messages through `channels` (docs/host-notifications.md).
 * Without SMTP, e-mails stay queued; without `channels`, chat and SMS messages do.
 */
export function createMailSender(
  db: Db,
  smtpUrl: string | null,
  from?: string,
  channels: ChannelSend | null = null,
): MailSender {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const sender = from ?? `Vestibule <no-reply@${(smtpUrl && new URL(smtpUrl).hostname) || 'localhost'}>`;
  const sendMail = transport
    ? async (mail: DueMail) => {
        await transport.sendMail({
          from: sender,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          // Inline parts (a content id) go in the HTML's multipart/related; the rest are files.
          // Base64 keeps every byte (a calendar file's CRLF line ends included).
          attachments: mail.attachments.map((file) => ({
            filename: file.fileName,
            content: file.content,
            contentType: file.contentType,
            contentTransferEncoding: 'base64' as const,
            ...(file.contentId ? { cid: file.contentId, contentDisposition: 'inline' as const } : {}),
          })),
        });
      }
    : null;
  return {
    sendDue: () => processDueMail(db, MAIL_BATCH, MAIL_MAX_ATTEMPTS, sendMail, channels),
    close: () => transport?.close(),
  };
}
