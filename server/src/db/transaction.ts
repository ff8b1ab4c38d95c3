import type { Db } from './database.ts';

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a new transaction: a
 * repository function that needs several statements to agree still joins the transaction of
 * a service that records the change (the audit log) alongside it.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
