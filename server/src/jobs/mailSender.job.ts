import { createHostChannelSender } from '../modules/hostChannels/hostChannelSender.ts';
import { createMailSender } from '../modules/mail/mail.sender.ts';
import type { JobFactory } from './job.ts';

/**
 * Sends the outbox's due messages every 10 seconds, and at once when another job queued some:
 * e-mails over SMTP, a host's chat and SMS messages to their company's providers
 * (docs/host-notifications.md). Without SMTP_URL e-mails stay in the outbox, readable by admins in
 * the mailbox; chat and SMS messages still go.
 */
export const mailSenderJob: JobFactory = (ctx) => {
  const mail = createMailSender(ctx.db, ctx.config.smtpUrl ?? null, undefined, createHostChannelSender(ctx));
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
