import type { ServerContext } from '../context.ts';

/** What a job is made with: the database and the configuration. */
export type JobContext = Pick<ServerContext, 'db' | 'config'>;

/** A background job: run on a timer on every instance, so each is written to be safe when several run it at once. */
export interface Job {
  /** Names it in the log when a run fails. */
  name: string;
  /** How often a run starts; a run does not start while the previous one on this instance is going. */
  everyMs: number;
  /**
   * One run. A job that queues e-mails answers how many (a number, or `mails` with the rows it
   * acted on beside them), and the mail sender then runs at once.
   */
  run: () => Promise<number | void | JobResult>;
  /** Sends the queued e-mails: started at once when another job queued some. */
  sendsQueuedMail?: true;
  /** Lets go of what the job holds when the server closes. */
  close?: () => void;
}

/** What a run did: the e-mails it queued and the rows it acted on (recorded in job_runs). */
export interface JobResult {
  mails: number;
  rows: number;
}

/** Makes a job for the server; undefined when the server has none of its kind (no SMTP, no mail sender). */
export type JobFactory = (ctx: JobContext) => Job | undefined;

/** How many e-mails some lifecycle runs queued, together. */
export const mailsOf = (...outcomes: { mails: number }[]) => outcomes.reduce((sum, outcome) => sum + outcome.mails, 0);
