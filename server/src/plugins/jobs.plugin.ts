import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { refreshDueMobileTokens } from '../jobs/mobile-token.job.ts';
import { createMailSender } from '../modules/mail/mail.sender.ts';

interface Job {
  name: string;
  everyMs: number;
  run: (db: Db) => Promise<unknown>;
}

/**
 * Background jobs on a timer. Each job is written to be safe when every instance runs it
 * (single statements or row locks), so no leader election is needed.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; enabled: boolean; smtpUrl: string | undefined }) => {
    if (!options.enabled) return;
    const jobs: Job[] = [{ name: 'mobile token rotation', everyMs: 60_000, run: refreshDueMobileTokens }];
    // Without SMTP_URL messages stay in the outbox, readable by admins in the mailbox.
    const mail = options.smtpUrl ? createMailSender(options.db, options.smtpUrl) : undefined;
    if (mail) jobs.push({ name: 'mail sender', everyMs: 10_000, run: () => mail.sendDue() });
    const timers: NodeJS.Timeout[] = [];
    app.addHook('onReady', async () => {
      for (const job of jobs) {
        const tick = () => {
          job.run(options.db).catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'job failed'));
        };
        timers.push(setInterval(tick, job.everyMs).unref());
      }
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
      mail?.close();
    });
  },
);
