import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.ts';
import { processDueMail } from './mail.repo.ts';

export const MAIL_BATCH = 20;
export const MAIL_MAX_ATTEMPTS = 10;

export interface MailSender {
  /** Sends what is due; answers how many were sent and how many failed this round. */
  sendDue: () => Promise<{ sent: number; failed: number }>;
  close: () => void;
}

/** The background sender over SMTP (SMTP_URL); `from` defaults to no-reply at the SMTP host. */
export function createMailSender(db: Db, smtpUrl: string, from?: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  const sender = from ?? `Vestibule <no-reply@${new URL(smtpUrl).hostname || 'localhost'}>`;
  return {
    sendDue: () =>
      processDueMail(db, MAIL_BATCH, MAIL_MAX_ATTEMPTS, async (mail) => {
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
      }),
    close: () => transport.close(),
  };
}
