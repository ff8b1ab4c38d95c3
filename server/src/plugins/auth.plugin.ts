import { randomBytes } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import {
  API_TOKEN_CALLS_PER_MINUTE,
  API_TOKEN_PREFIX,
  type ApiTokenScope,
  type Role,
  SERVICE_BASE,
  TENANT_HEADER,
  maySelectTenant,
  seesWholeCompany,
} from '@vestibule/shared';
import { buildingOfEntity, isAssignedBuilding, tenantOwnership } from '../db/ownership.repo.ts';
import { getOrCreateSetting } from '../db/settings.repo.ts';
import {
  findApiToken,
  findSession,
  recordSessionWrite,
  tenantExists,
  touchApiToken,
  touchSession,
} from '../modules/auth/auth.repo.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../db/database.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who may call a route: everyone, or a list of roles. Every /service route declares it. */
export type Access = 'public' | readonly Role[];

/** Claims of an access token. */
export interface TokenClaims {
  sub: string;
  usr: string;
  /** The session the token belongs to (revocable, idle-limited). */
  sid: string;
  /** Expiry, seconds since the epoch: every token has one (a token without it is refused). */
  exp?: number;
  /** The admin who impersonates, when this is an impersonation token. */
  imp?: string;
}

export interface AuthContext {
  userId: string;
  username: string;
  role: Role;
  /** The user's own tenant (null for admin and tech users without one). */
  homeTenantId: string | null;
  /** The tenant every tenant-scoped query of this request is limited to. */
  tenantId: string | null;
  impersonatorId: string | undefined;
  sessionId: string;
  /** Where the primary's log stood after the session's last change (null: none recorded). */
  wroteLsn: string | null;
  /** The API token the call came with (docs/api-tokens.md); absent for a person's session. */
  apiToken?: { id: string; name: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route needs a current tenant (TENANT_REQUIRED otherwise). */
    tenant?: boolean;
    /**
     * Path parameters that name rows owned by a tenant, with the entity they name; the
     * route × role × tenant test creates such a row in another tenant and expects 404.
     */
    tenantParams?: Record<string, string>;
    /** The scope an API token needs for this route (from its contract); absent: no token may call it. */
    tokenScope?: ApiTokenScope;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

/** The caller of a route that is not public: always set after the auth hook. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

/** The current tenant of a tenant-scoped route. */
export function tenantOf(request: FastifyRequest): string {
  const tenantId = authOf(request).tenantId;
  if (!tenantId) throw new AppError('TENANT_REQUIRED');
  return tenantId;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  tenant: boolean;
  tenantParams: Record<string, string>;
  /** The fields the route's body and query schemas declare (for tests that walk every route). */
  bodyFields: string[];
  queryFields: string[];
  /** The content types of a body the handler reads itself (a multipart upload), else none. */
  consumes: string[];
}

/** The keys of a zod object schema (or none). */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      db: Db;
      jwtSecret: string | undefined;
      idleMinutes: number;
      /** A replica serves lists: a session's changes record where the log stood, before their answer leaves. */
      recordWrites: boolean;
    },
  ) => {
    // Unset JWT_SECRET: one secret generated once and kept in the database, so instances agree.
    const secret =
      options.jwtSecret ??
      (await getOrCreateSetting(options.db, 'jwt_secret', () => randomBytes(48).toString('base64url')));
    await app.register(fastifyJwt, {
      secret,
      sign: { algorithm: 'HS256' },
      verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
    });

    const routes: RegisteredRoute[] = [];
    app.decorate('registeredRoutes', routes);
    app.decorateRequest('auth', null);

    app.addHook('onRoute', (route) => {
      const url = route.url ?? route.path;
      if (!url.startsWith(SERVICE_BASE)) return;
      if (url.startsWith(`${SERVICE_BASE}/docs`)) {
        // The browsable API documentation is public.
        route.config = { ...route.config, access: 'public' };
        return;
      }
      const access = route.config?.access;
      if (access === undefined) {
        throw new Error(`Route ${String(route.method)} ${url} does not declare who may call it (config.access)`);
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({
          method,
          url,
          access,
          tenant: route.config?.tenant ?? false,
          tenantParams: route.config?.tenantParams ?? {},
          bodyFields: fieldsOf(route.schema?.body),
          queryFields: fieldsOf(route.schema?.querystring),
          consumes: [...((route.schema?.consumes as readonly string[] | undefined) ?? [])],
        });
      }
    });

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      const access = config?.access;
      if (access === undefined || access === 'public') return;
      const header = request.headers.authorization;
      if (!header || !/^Bearer\s+\S+$/i.test(header)) throw new AppError('UNAUTHORIZED');
      const bearerValue = header.replace(/^Bearer\s+/i, '');
      if (bearerValue.startsWith(API_TOKEN_PREFIX)) {
        request.auth = await apiTokenAuth(options.db, bearerValue, config?.tokenScope);
        if (!access.includes(request.auth.role)) throw new AppError('FORBIDDEN');
        await checkTenantParams(options.db, request, request.auth);
        return;
      }
      let claims: TokenClaims;
      try {
        claims = await request.jwtVerify<TokenClaims>();
      } catch {
        throw new AppError('BAD_TOKEN');
      }
      if (typeof claims.sid !== 'string' || !uuidPattern.test(claims.sid)) throw new AppError('BAD_TOKEN');
      const session = await findSession(options.db, claims.sid, options.idleMinutes);
      if (!session || session.user_id !== claims.sub || session.revoked || session.blocked || session.tenant_inactive) {
        throw new AppError('BAD_TOKEN');
      }
      if (session.expired || session.idle) throw new AppError('SESSION_EXPIRED');
      if (session.stale) await touchSession(options.db, session.session_id);
      const user = {
        id: session.user_id,
        username: session.username,
        role: session.role,
        tenant_id: session.tenant_id,
      };
      // The company a tab works in: its header (admin and tech users), else the session's last choice.
      let tenantId = user.tenant_id;
      if (maySelectTenant(user.role)) {
        const chosen = request.headers[TENANT_HEADER];
        if (typeof chosen === 'string' && chosen !== '') {
          if (!uuidPattern.test(chosen) || !(await tenantExists(options.db, chosen))) throw new AppError('NOT_FOUND');
          tenantId = chosen;
        } else {
          tenantId = session.selected_tenant_id ?? user.tenant_id;
        }
      }
      request.auth = {
        userId: user.id,
        username: user.username,
        role: user.role,
        homeTenantId: user.tenant_id,
        tenantId,
        impersonatorId: session.impersonator_id ?? undefined,
        sessionId: session.session_id,
        wroteLsn: session.wrote_lsn,
      };
      if (!access.includes(user.role)) throw new AppError('FORBIDDEN');
      await checkTenantParams(options.db, request, request.auth);
    });

    // Read your own writes (docs/scale.md, "Reads on a replica"): a session's successful change
    // records where the primary's log stands before its answer is sent, so the session's next
    // list, on any instance, reads the primary until the replica has replayed that far.
    if (options.recordWrites) {
      app.addHook('onSend', async (request, reply) => {
        const readOnly = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
        // An API token has no session to remember it by.
        if (readOnly || !request.auth || request.auth.apiToken || reply.statusCode >= 400) return;
        await recordSessionWrite(options.db, request.auth.sessionId);
      });
    }
  },
);

/**
 * The route's tenant and its path's rows: a tenant-scoped route needs the caller's company, and
 * each row its path names must be that company's (and, for those who see only their assigned
 * buildings, of one of them), else 404 before anything else runs.
 */
async function checkTenantParams(db: Db, request: FastifyRequest, auth: AuthContext): Promise<void> {
  const config = request.routeOptions.config;
  const { tenantId } = auth;
  if (config?.tenant && !tenantId) throw new AppError('TENANT_REQUIRED');
  const params = request.params as Record<string, string | undefined>;
  for (const [param, entity] of Object.entries(config?.tenantParams ?? {})) {
    const value = params[param];
    // A malformed id is left to validation (400 ID_MALFORMED).
    if (!value || !uuidPattern.test(value)) continue;
    const owns = tenantOwnership[entity];
    if (!owns) throw new Error(`no ownership check for entity "${entity}"`);
    if (!tenantId || !(await owns(db, tenantId, value))) throw new AppError('NOT_FOUND');
    // Supervisors, users and space users see only the buildings assigned to them.
    const buildingOf = buildingOfEntity[entity];
    if (buildingOf && !seesWholeCompany(auth.role)) {
      const buildingId = await buildingOf(db, value);
      if (buildingId && !(await isAssignedBuilding(db, auth.userId, buildingId))) throw new AppError('NOT_FOUND');
    }
  }
}

/** Calls of each token in the current minute, on this instance. */
const tokenCalls = new Map<string, { minute: number; calls: number }>();

/**
 * The caller of an API token (docs/api-tokens.md): its company's corporate role, with the
 * authority of who made it, on the routes whose contract names a scope it holds. An unknown,
 * expired or revoked token, or one whose maker is blocked or gone, is refused as a bad token;
 * a route it holds no scope for, as forbidden; past its calls a minute, as too many.
 */
async function apiTokenAuth(db: Db, value: string, scope: ApiTokenScope | undefined): Promise<AuthContext> {
  const token = await findApiToken(db, createHash('sha256').update(value).digest('hex'));
  if (!token || token.refused || !token.user_id) throw new AppError('BAD_TOKEN');
  if (!scope || !token.scopes.includes(scope)) throw new AppError('FORBIDDEN');
  const minute = Math.floor(Date.now() / 60_000);
  const count = tokenCalls.get(token.id);
  if (count?.minute === minute) {
    if (++count.calls > API_TOKEN_CALLS_PER_MINUTE) throw new AppError('TOO_MANY_REQUESTS');
  } else {
    if (tokenCalls.size > 10_000) tokenCalls.clear();
    tokenCalls.set(token.id, { minute, calls: 1 });
  }
  if (token.stale) await touchApiToken(db, token.id);
  return {
    userId: token.user_id,
    username: `${token.name} (API token)`,
    role: 'ROLE_MASTER',
    homeTenantId: token.tenant_id,
    tenantId: token.tenant_id,
    impersonatorId: undefined,
    sessionId: token.id,
    wroteLsn: null,
    apiToken: { id: token.id, name: token.name },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}
