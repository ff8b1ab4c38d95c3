import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a new transaction: a
 * repository function that needs several statements to agree still joins the transaction of
 * a service that records the change (the audit log) alongside it.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Runs `work` inside a savepoint of the transaction `trx`: when it throws, what it wrote is undone
 * and the transaction goes on (a refused statement would otherwise abort all of it). Many
 * changes applied one by one then cost one commit, each still succeeding or failing alone.
 */
export async function inSavepoint<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  if (!trx.isTransaction) throw new Error('inSavepoint needs a transaction');
  await sql`savepoint entry`.execute(trx);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await sql`rollback to savepoint entry`.execute(trx);
    throw error;
  }
  await sql`release savepoint entry`.execute(trx);
  return result;
}
