import { createMailSender } from '../modules/mail/mail.sender.ts';
import type { JobFactory } from './job.ts';

/**
 * Sends the outbox's due e-mails over SMTP every 10 seconds, and at once when another job queued
 * some. Without SMTP_URL there is no sender: messages stay in the outbox, readable by admins in
 * the mailbox.
 */
export const mailSenderJob: JobFactory = (ctx) => {
  if (!ctx.config.smtpUrl) return undefined;
  const mail = createMailSender(ctx.db, ctx.config.smtpUrl);
  return {
    name: 'mail sender',
    everyMs: 10_000,
    run: async () => {
      await mail.sendDue();
    },
    sendsQueuedMail: true,
    close: () => mail.close(),
  };
};
