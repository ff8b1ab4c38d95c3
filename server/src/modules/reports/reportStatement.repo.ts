import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * A report's statement in a transaction of its own with its settings: the planner cannot foresee
 * the sizes of a report's steps; its estimates made PostgreSQL compile the statement (JIT, 140 ms of a
 * 90-day report) and the sweep's sort of 100,000 arrivals and departures spilled to disk at the
 * default 4 MB. Both are set for these statements alone. Statements of one report run each on a
 * connection of its own on a server (one after the other on the embedded database or inside a
 * transaction): their sizes follow the period's visits, so side by side they end sooner.
 */
export function runReportStatement<Row>(db: Db, statement: RawBuilder<Row>): Promise<Row> {
  const work = async (trx: Db) => {
    await sql`set local jit = off`.execute(trx);
    await sql`set local work_mem = '64MB'`.execute(trx);
    return (await statement.execute(trx)).rows[0]!;
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
