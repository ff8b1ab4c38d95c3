import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Job, backgroundJobs, runRecorded } from '../jobs/index.ts';

/**
 * Runs the background jobs (server/src/jobs/) on timers, from the server's start to its close.
 * Each job is written to be safe when every instance runs it (single statements or row locks), so
 * no leader election is needed. A run does not start while the same job's previous run on this
 * instance is still going; a run that queued e-mails starts the mail sender at once. Every run is
 * recorded in job_runs (the Logs screen's Job runs tab).
 */
export const jobsPlugin = fp(async (app: FastifyInstance, options: { enabled: boolean }) => {
  if (!options.enabled) return;
  const jobs = backgroundJobs(app.ctx);
  const mailJob = jobs.find((job) => job.sendsQueuedMail);
  const running = new Set<string>();
  const start = (job: Job) => {
    if (running.has(job.name)) return;
    running.add(job.name);
    runRecorded(app.ctx.db, job)
      .then((queued) => {
        if (mailJob && queued > 0) start(mailJob);
      })
      .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => running.delete(job.name));
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    for (const job of jobs) timers.push(setInterval(() => start(job), job.everyMs).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    for (const job of jobs) job.close?.();
  });
});
