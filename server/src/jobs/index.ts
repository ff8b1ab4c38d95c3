// The server's background jobs, one file each with its period; plugins/jobs.plugin.ts runs this
// list on timers (main.ts turns them on; tests call the modules' services directly).
import { autoCheckOutJob } from './autoCheckOut.job.ts';
import { bookingReleaseJob } from './bookingRelease.job.ts';
import { buildingRollupsJob } from './buildingRollups.job.ts';
import type { Job, JobContext, JobFactory } from './job.ts';
import { jobRunsPruneJob } from './jobRunsPrune.job.ts';
import { mailSenderJob } from './mailSender.job.ts';
import { mobileTokenJob } from './mobileToken.job.ts';
import { retentionJob } from './retention.job.ts';
import { statisticsJob } from './statistics.job.ts';
import { visitExpiryJob } from './visitExpiry.job.ts';
import { visitNoticesJob } from './visitNotices.job.ts';
import { webhookSenderJob } from './webhookSender.job.ts';

const jobs: JobFactory[] = [
  mobileTokenJob,
  statisticsJob,
  visitNoticesJob,
  autoCheckOutJob,
  visitExpiryJob,
  mailSenderJob,
  jobRunsPruneJob,
  buildingRollupsJob,
  bookingReleaseJob,
  retentionJob,
  webhookSenderJob,
];

/** The jobs of a server with this database and configuration. */
export function backgroundJobs(ctx: JobContext): Job[] {
  return jobs.map((make) => make(ctx)).filter((job) => job !== undefined);
}

export type { Job } from './job.ts';
export { runRecorded } from './recordedRun.ts';
