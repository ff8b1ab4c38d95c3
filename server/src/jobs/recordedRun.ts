import { hostname } from 'node:os';
import type { Db } from '../db/database.ts';
import { insertJobRun } from '../modules/logs/jobRuns.repo.ts';
import type { Job } from './job.ts';

/** This process, as job_runs names the instance that ran a job. */
export const instanceName = `${hostname()}:${process.pid}`;

/** An idle run (nothing acted on, no error) is recorded at most this often per job and instance. */
export const IDLE_RUN_RECORD_MS = 3_600_000;

/** When each job last had an idle run recorded, by instance and job. */
const idleRecorded = new Map<string, number>();

/**
 * One run of a job, recorded in job_runs (start, end, rows acted on, the error of a failure);
 * answers how many e-mails it queued. A failed run is recorded, then its error thrown again. A run
 * that acted on nothing is recorded once an hour per job and instance (the log still shows the job
 * alive): the notices job runs every few seconds, and a row for each idle run would bury the runs
 * that did something. A failure to record is left to the caller's log: the job's own work is done
 * or not regardless.
 */
export async function runRecorded(db: Db, job: Job, instance = instanceName): Promise<number> {
  const startedAt = new Date();
  let outcome: Awaited<ReturnType<Job['run']>>;
  try {
    outcome = await job.run();
  } catch (error) {
    await insertJobRun(db, {
      job: job.name,
      startedAt,
      finishedAt: new Date(),
      rowsAffected: 0,
      error: error instanceof Error ? error.message : String(error),
      instance,
    });
    throw error;
  }
  const mails = typeof outcome === 'number' ? outcome : (outcome?.mails ?? 0);
  const rows = typeof outcome === 'number' ? outcome : (outcome?.rows ?? 0);
  const key = `${instance}\n${job.name}`;
  if (rows === 0) {
    const last = idleRecorded.get(key);
    if (last !== undefined && startedAt.getTime() - last < IDLE_RUN_RECORD_MS) return mails;
    idleRecorded.set(key, startedAt.getTime());
  }
  await insertJobRun(db, {
    job: job.name,
    startedAt,
    finishedAt: new Date(),
    rowsAffected: rows,
    error: null,
    instance,
  });
  return mails;
}
