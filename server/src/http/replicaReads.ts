import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { replicaHasReplayed } from '../db/database.ts';

/** After a replica failed to answer, the primary serves its reads this long before it is tried again. */
const REPLICA_RETRY_MS = 5_000;
const downUntil = new WeakMap<Db, number>();

/**
 * The context a list, a report or an export reads with (docs/scale.md, "Reads on a replica"): the
 * replica when one is configured, answers, and has replayed the caller's last change; else the
 * primary. What must see its own write (a change's answer, a check-in's) never comes here.
 */
export async function replicaReads(ctx: ServerContext, request: FastifyRequest): Promise<ServerContext> {
  const { replica } = ctx;
  if (!replica || (downUntil.get(replica) ?? 0) > Date.now()) return ctx;
  try {
    if (await replicaHasReplayed(replica, request.auth?.wroteLsn ?? null)) return { ...ctx, db: replica };
  } catch (error) {
    // A replica down or unreachable: the primary answers for a while, and the fault is logged.
    downUntil.set(replica, Date.now() + REPLICA_RETRY_MS);
    request.log.warn({ err: error }, 'replica unavailable: reading the primary');
  }
  return ctx;
}
