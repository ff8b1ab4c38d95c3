import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths.ts';

// Configuration comes from the environment, validated once at start with a clear message.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  READ_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  VESTIBULE_DEMO: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  CAMERA_ALLOW_LOCAL_ADDRESSES: z.enum(['0', '1']).default('0'),
  WEBHOOK_ALLOW_LOOPBACK: z.enum(['0', '1']).default('0'),
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
});

export interface AppConfig {
  port: number;
  host: string;
  /** A PostgreSQL server, or undefined for the embedded PGlite database. */
  databaseUrl: string | undefined;
  /**
   * A streaming replica of that server: lists, reports and exports read it (docs/scale.md, "Reads
   * on a replica"). Only with DATABASE_URL.
   */
  readDatabaseUrl: string | undefined;
  /** Folder of the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  jwtSecret: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Seed demo data at start: always for the embedded database, or when VESTIBULE_DEMO=1. */
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  rateLimits: { loginPerMinute: number; publicPerMinute: number };
  trustProxy: boolean;
  /** Cameras may be on loopback or link-local addresses (a camera simulator on this machine, tests). */
  cameraAllowLocalAddresses: boolean;
  /** Webhooks may call plain HTTP on a loopback address (a receiver on this machine, tests). */
  webhookAllowLoopback: boolean;
  /**
   * The key secrets kept for later use are encrypted with (a webhook's signing secret); unset:
   * one generated once and kept in the database, so instances agree.
   */
  secretsKey: string | undefined;
  /** A session with no call for this long has ended (the admin app signs an idle tab out too). */
  sessionIdleMinutes: number;
  /** Built apps served by the server; missing folders are skipped. */
  staticDirs: { admin: string; kiosk: string };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.READ_DATABASE_URL !== undefined && e.DATABASE_URL === undefined)
    throw new ConfigError('Invalid configuration:\n  READ_DATABASE_URL: needs DATABASE_URL (a replica of that server)');
  const dataDir = e.DATA_DIR === 'memory://' || isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    readDatabaseUrl: e.READ_DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    seedDemo: e.VESTIBULE_DEMO === '1' || (e.DATABASE_URL === undefined && e.VESTIBULE_DEMO !== '0'),
    logLevel: e.LOG_LEVEL,
    rateLimits: { loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE, publicPerMinute: e.RATE_LIMIT_PUBLIC_PER_MINUTE },
    trustProxy: e.TRUST_PROXY === '1',
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    cameraAllowLocalAddresses: e.CAMERA_ALLOW_LOCAL_ADDRESSES === '1',
    webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK === '1',
    secretsKey: e.SECRETS_KEY,
    staticDirs: { admin: join(repoRoot, 'admin', 'dist'), kiosk: join(repoRoot, 'kiosk', 'dist') },
  };
}
