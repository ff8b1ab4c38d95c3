import { type Role, maySelectTenant, seesWholeCompany } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { findSession, tenantExists } from '../auth/auth.repo.ts';
import { assignedBuildingIds, isTenantBuilding } from './live.repo.ts';
import { liveTicketSecret, signTicket, verifyTicket } from './liveTicket.ts';

/** The roles of the entry log (/check-in-out: docs/roles.md), space users included. */
export const liveRoles: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'];

/** What one open stream may see: its company, and the buildings in it. */
export interface StreamScope {
  sessionId: string;
  userId: string;
  role: Role;
  tenantId: string;
  /** The one building the stream was opened for, or null for every building it sees. */
  buildingId: string | null;
  /** The buildings of the company it sees: every one (admins, corporate users) or those assigned. */
  buildings: ReadonlySet<string> | 'all';
}

/** The tickets' secret, read once per instance (every instance reads the same row). */
export function ticketSecret(ctx: ServerContext): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () => {
    secret ??= liveTicketSecret(ctx.db).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}

async function buildingsSeen(ctx: ServerContext, tenantId: string, userId: string, role: Role) {
  return seesWholeCompany(role) ? ('all' as const) : assignedBuildingIds(ctx.db, tenantId, userId);
}

function sees(buildings: StreamScope['buildings'], buildingId: string): boolean {
  return buildings === 'all' || buildings.has(buildingId);
}

/** A ticket for the caller's session and company, for one building they see (404 otherwise) or all. */
export async function issueTicket(
  ctx: ServerContext,
  secret: string,
  auth: AuthContext,
  tenantId: string,
  buildingId: string | undefined,
) {
  if (buildingId) {
    const buildings = await buildingsSeen(ctx, tenantId, auth.userId, auth.role);
    if (!(await isTenantBuilding(ctx.db, tenantId, buildingId)) || !sees(buildings, buildingId)) {
      throw new AppError('NOT_FOUND');
    }
  }
  const { ticket, expiresAt } = signTicket(secret, {
    sessionId: auth.sessionId,
    tenantId,
    buildingId: buildingId ?? null,
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * What a session may see now, or why not: the auth hook's checks on the session (revoked, blocked,
 * the company deactivated: BAD_TOKEN; expired or idle: SESSION_EXPIRED), the entry log's roles
 * (FORBIDDEN), and the company and building (NOT_FOUND).
 */
async function scopeOf(
  ctx: ServerContext,
  claims: { sessionId: string; tenantId: string; buildingId: string | null },
): Promise<StreamScope> {
  const session = await findSession(ctx.db, claims.sessionId, ctx.config.sessionIdleMinutes);
  if (!session || session.revoked || session.blocked || session.tenant_inactive) throw new AppError('BAD_TOKEN');
  if (session.expired || session.idle) throw new AppError('SESSION_EXPIRED');
  const role = session.role;
  if (!liveRoles.includes(role)) throw new AppError('FORBIDDEN');
  // Only admins (and technical users, who have no entry log) work in a company other than their own.
  if (!maySelectTenant(role) && claims.tenantId !== session.tenant_id) throw new AppError('BAD_TOKEN');
  if (!(await tenantExists(ctx.db, claims.tenantId))) throw new AppError('NOT_FOUND');
  const buildings = await buildingsSeen(ctx, claims.tenantId, session.user_id, role);
  if (claims.buildingId) {
    const ours = await isTenantBuilding(ctx.db, claims.tenantId, claims.buildingId);
    if (!ours || !sees(buildings, claims.buildingId)) throw new AppError('NOT_FOUND');
  }
  return { ...claims, userId: session.user_id, role, buildings };
}

/** The scope of the stream a ticket opens; BAD_TOKEN for a forged, altered or expired ticket. */
export async function authorizeStream(ctx: ServerContext, secret: string, ticket: string): Promise<StreamScope> {
  const claims = verifyTicket(secret, ticket);
  if (!claims) throw new AppError('BAD_TOKEN');
  return scopeOf(ctx, claims);
}

/** An open stream's scope read again (its session, role and buildings), or undefined when it must end. */
export async function rescope(ctx: ServerContext, scope: StreamScope): Promise<StreamScope | undefined> {
  try {
    return await scopeOf(ctx, scope);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}
