import { momentOf } from '../audit/audit.service.ts';

/** A list's period filter as moments: from a day's midnight UTC (or the moment), up to the end of `to`'s day. */
export function periodOf(query: { from?: string | undefined; to?: string | undefined }): {
  from: Date | undefined;
  to: Date | undefined;
} {
  return { from: momentOf(query.from, 'from'), to: momentOf(query.to, 'to') };
}

/** Pages a CSV file: each page follows the last row of the one before. */
export async function* pagesOf<Row extends { id: string }>(
  read: (afterId: string | undefined, limit: number) => Promise<Row[]>,
  pageSize = 500,
): AsyncGenerator<Row> {
  let afterId: string | undefined;
  for (;;) {
    const rows = await read(afterId, pageSize);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    afterId = last.id;
  }
}
