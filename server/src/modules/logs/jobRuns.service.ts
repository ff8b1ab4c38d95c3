// The background jobs' runs (job_runs, written by the jobs plugin): administrators page through
// them newest first, filtered by dates, job and failures, or take them as jobRuns.csv.
import { CSV_BOM, type JobRun, type JobRunFilter, type Locale, csvRow } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import { type JobRunRow, type JobRunsFilter, countJobRuns, listJobRuns } from './jobRuns.repo.ts';
import { pagesOf, periodOf } from './period.ts';

function filterOf(query: JobRunFilter): JobRunsFilter {
  return { ...periodOf(query), job: query.job || undefined, failedOnly: query.failed === 'true' };
}

function toJobRun(row: JobRunRow): JobRun {
  return {
    id: row.id,
    job: row.job,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: new Date(row.finished_at).toISOString(),
    durationMs: row.duration_ms,
    rowsAffected: row.rows_affected,
    error: row.error,
    instance: row.instance,
  };
}

export async function jobRunsPage(
  ctx: ServerContext,
  query: JobRunFilter & { page?: number | undefined; limit?: number | undefined },
) {
  const filter = filterOf(query);
  const limit = query.limit ?? 25;
  const page = query.page ?? 1;
  const [rows, total] = await Promise.all([
    listJobRuns(ctx.db, filter, { offset: (page - 1) * limit, limit }),
    countJobRuns(ctx.db, filter),
  ]);
  return { docs: rows.map(toJobRun), totalDocs: total };
}

/** jobRuns.csv: the filtered runs, newest first, headings in the caller's language. */
export function jobRunsCsv(ctx: ServerContext, query: JobRunFilter, locale: Locale): AsyncGenerator<string> {
  // Checked before the answer starts: a bad filter is a 400, not a broken file.
  const filter = filterOf(query);
  return jobRunsCsvRows(ctx, filter, locale);
}

async function* jobRunsCsvRows(ctx: ServerContext, filter: JobRunsFilter, locale: Locale): AsyncGenerator<string> {
  const t = (key: string) => translate(locale, `operations.jobRuns.${key}`);
  yield CSV_BOM + csvRow(['job', 'startedAt', 'finishedAt', 'durationMs', 'rowsAffected', 'error', 'instance'].map(t));
  for await (const row of pagesOf((afterId, limit) => listJobRuns(ctx.db, filter, { limit, afterId }))) {
    const run = toJobRun(row);
    yield csvRow([run.job, run.startedAt, run.finishedAt, run.durationMs, run.rowsAffected, run.error, run.instance]);
  }
}
