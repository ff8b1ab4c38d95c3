import type { AppConfig } from './config.ts';
import type { Db } from './db/database.ts';
import type { CheckInConfigCache } from './modules/checkin/checkInConfig.ts';
import type { TokenClaims } from './plugins/auth.plugin.ts';

/** What services need from the running server: the database, the configuration, token signing. */
export interface ServerContext {
  db: Db;
  config: AppConfig;
  /** Signs a token that expires at `expiresAt` (a Date): never later than its session. */
  signToken: (claims: TokenClaims, expiresAt: Date) => { token: string; expiresAt: number };
  /** What check-ins read of their buildings, kept in memory and checked current when written. */
  checkInConfigs: CheckInConfigCache;
  /** A streaming replica for lists, reports and exports (`replicaReads`), when one is configured. */
  replica?: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}
