import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { refreshStatistics } from '../db/statistics.ts';
import { refreshDueMobileTokens } from '../jobs/mobile-token.job.ts';
import {
  type JobOutcome,
  type LifecycleDeps,
  autoCheckOutDue,
  expireVisits,
  notifyHostsOfCheckIns,
  sendCancellations,
  sendEndReminders,
  sendInvitations,
  sendOverdueAlerts,
  sendStartReminders,
} from '../modules/lifecycle/lifecycle.jobs.ts';
import { createMailSender } from '../modules/mail/mail.sender.ts';
import { publicBase } from '../modules/notifications/links.ts';

interface Job {
  name: string;
  everyMs: number;
  /** Answers how many e-mails it queued, when it queues any (the sender is then run at once). */
  run: (db: Db) => Promise<unknown>;
}

const mailsOf = (...outcomes: JobOutcome[]) => outcomes.reduce((sum, outcome) => sum + outcome.mails, 0);

/** The visit lifecycle (issue 13): prompt notices every few seconds, reminders and check-outs, expiry. */
function lifecycleJobs(deps: LifecycleDeps): Job[] {
  return [
    {
      // A host hears of their visitor within seconds (plus the sender's run, started at once); an
      // invitation, its update or its cancellation goes out as promptly.
      name: 'host notices and invitations',
      everyMs: 5_000,
      run: async () =>
        mailsOf(
          await notifyHostsOfCheckIns(deps, new Date()),
          await sendInvitations(deps, new Date()),
          await sendCancellations(deps, new Date()),
        ),
    },
    {
      // Check-outs first, so a visit checked out by the rule gets no overdue alert. Each run reads
      // every visit in a building (about 60 ms for 10,000 on a PostgreSQL server): once a minute.
      name: 'auto check-out and reminders',
      everyMs: 60_000,
      run: async () => {
        await autoCheckOutDue(deps, new Date());
        return mailsOf(
          await sendEndReminders(deps, new Date()),
          await sendOverdueAlerts(deps, new Date()),
          await sendStartReminders(deps, new Date()),
        );
      },
    },
    { name: 'visit expiry', everyMs: 60_000, run: () => expireVisits(deps, new Date()) },
  ];
}

/**
 * Background jobs on a timer. Each job is written to be safe when every instance runs it
 * (single statements or row locks), so no leader election is needed. A run does not start while
 * the same job's previous run on this instance is still going.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; enabled: boolean; smtpUrl: string | undefined }) => {
    if (!options.enabled) return;
    // Without SMTP_URL messages stay in the outbox, readable by admins in the mailbox.
    const mail = options.smtpUrl ? createMailSender(options.db, options.smtpUrl) : undefined;
    const jobs: Job[] = [
      { name: 'mobile token rotation', everyMs: 60_000, run: refreshDueMobileTokens },
      // The embedded database has no autovacuum: its planner statistics come from here.
      { name: 'planner statistics', everyMs: 3_600_000, run: (db) => refreshStatistics(db) },
      ...lifecycleJobs({ db: options.db, base: publicBase(app.ctx.config) }),
    ];
    const running = new Set<string>();
    const start = (job: Job) => {
      if (running.has(job.name)) return;
      running.add(job.name);
      job
        .run(options.db)
        .then((queued) => {
          if (mailJob && typeof queued === 'number' && queued > 0) start(mailJob);
        })
        .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => running.delete(job.name));
    };
    const mailJob: Job | undefined = mail && { name: 'mail sender', everyMs: 10_000, run: () => mail.sendDue() };
    if (mailJob) jobs.push(mailJob);
    const timers: NodeJS.Timeout[] = [];
    app.addHook('onReady', async () => {
      for (const job of jobs) timers.push(setInterval(() => start(job), job.everyMs).unref());
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
      mail?.close();
    });
  },
);
