import { sql } from 'kysely';
import { uuidv7 } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/likePattern.ts';

/** How long the runs of the background jobs are kept. */
export const JOB_RUNS_KEPT_DAYS = 30;

export interface JobRunRecord {
  job: string;
  startedAt: Date;
  finishedAt: Date;
  rowsAffected: number;
  error: string | null;
  instance: string;
}

/** Records one run of a background job. */
export async function insertJobRun(db: Db, run: JobRunRecord): Promise<void> {
  await db
    .insertInto('job_runs')
    .values({
      id: uuidv7(),
      job: run.job,
      started_at: run.startedAt,
      finished_at: run.finishedAt,
      duration_ms: Math.max(0, run.finishedAt.getTime() - run.startedAt.getTime()),
      rows_affected: run.rowsAffected,
      error: run.error === null ? null : run.error.slice(0, 2000),
      instance: run.instance,
    })
    .execute();
}

/** Removes the runs older than JOB_RUNS_KEPT_DAYS; answers how many. */
export async function pruneJobRuns(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('job_runs')
    .where('started_at', '<', new Date(now.getTime() - JOB_RUNS_KEPT_DAYS * 86_400_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface JobRunsFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  job?: string | undefined;
  failedOnly?: boolean | undefined;
}

function selectJobRuns(db: Db, filter: JobRunsFilter) {
  let query = db.selectFrom('job_runs');
  if (filter.from) query = query.where('started_at', '>=', filter.from);
  if (filter.to) query = query.where('started_at', '<', filter.to);
  if (filter.job) query = query.where('job', 'ilike', containsPattern(filter.job));
  if (filter.failedOnly) query = query.where('error', 'is not', null);
  return query;
}

export type JobRunRow = Awaited<ReturnType<typeof listJobRuns>>[number];

/** A page of runs, newest first: by offset, or after the run `afterId` (a file written page by page). */
export function listJobRuns(
  db: Db,
  filter: JobRunsFilter,
  page: { limit: number; offset?: number; afterId?: string | undefined },
) {
  let query = selectJobRuns(db, filter).selectAll();
  if (page.afterId) {
    query = query.where(
      sql<boolean>`(started_at, id) < (select c.started_at, c.id from job_runs c where c.id = ${page.afterId})`,
    );
  }
  return query
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset ?? 0)
    .limit(page.limit)
    .execute();
}

export async function countJobRuns(db: Db, filter: JobRunsFilter): Promise<number> {
  const { total } = await selectJobRuns(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}
