// Managing users: who may manage whom is the shared rule (rolesGrantableBy, mayManage);
// a master or supervisor manages their own company's users at or below their level; nobody
// deletes, blocks or demotes themselves or the last administrator. Every change is audited in
// its transaction; a new user gets an e-mail to verify their address and choose a password.
import { randomBytes } from 'node:crypto';
import {
  CSV_BOM,
  type Locale,
  type Role,
  type UserCreate,
  type UserList,
  type UserListQuery,
  type UserUpdate,
  csvRow,
  isTech,
  mayManage,
  rolesGrantableBy,
  seesWholeCompany,
  uuidv7,
} from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { queueVerificationLink } from '../auth/accountLinks.ts';
import { hashPassword } from '../auth/password.ts';
import { toUser } from '../auth/user.dto.ts';
import { type UserWithTenantRow, findUserById, findUserByUsername } from '../auth/user.repo.ts';
import {
  type NewUserRow,
  assignBuilding,
  countActiveAdmins,
  deleteUser,
  findTenantUser,
  findUserByEmail,
  insertUser,
  listAssignedBuildings,
  listCompanyBuildings,
  listTenantUsers,
  tenantBuildingIds,
  unassignBuilding,
  updateUser,
} from './users.repo.ts';

/** The buildings whose data a user sees in a tenant: all for admins and corporate users, else the assigned. */
export function visibleBuildings(db: Db, user: { id: string; role: string }, tenantId: string | null) {
  if (!tenantId) return Promise.resolve([]);
  return seesWholeCompany(user.role)
    ? listCompanyBuildings(db, tenantId)
    : listAssignedBuildings(db, user.id, tenantId);
}

/** One user of the tenant, or 404. */
export async function tenantUser(ctx: ServerContext, tenantId: string, id: string) {
  const row = await findTenantUser(ctx.db, tenantId, id);
  if (!row) throw notFound();
  return toUser(row);
}

export async function listUsers(ctx: ServerContext, tenantId: string, query: UserListQuery): Promise<UserList> {
  const limit = query.limit ?? 10;
  const page = query.page ?? 1;
  const { docs, total } = await listTenantUsers(ctx.db, {
    tenantId,
    search: query.search || undefined,
    role: query.role,
    buildingId: query.buildingId,
    sort: query.sort,
    order: query.order,
    offset: (page - 1) * limit,
    limit,
  });
  return { docs: docs.map(toUser), totalDocs: total };
}

/**
 * A new user's row: no password until they choose one from the verification e-mail (a random
 * one nobody knows), not verified yet.
 */
export async function newUserRow(
  id: string,
  tenantId: string,
  body: Omit<UserCreate, 'buildingIds'>,
): Promise<NewUserRow> {
  return {
    id,
    tenant_id: tenantId,
    username: body.username,
    password_hash: await hashPassword(randomBytes(32).toString('base64url')),
    role: body.role,
    email: body.email,
    first_name: body.firstName ?? null,
    last_name: body.lastName ?? null,
    phone: body.phone ?? null,
    city: null,
    country: null,
    time_zone: null,
    favourite_building_id: null,
    selected_tenant_id: null,
    user_locale: body.userLocale ?? 'en',
    verified: false,
    verification_needed: true,
  };
}

/** What the audit log keeps of a user: never the password hash. */
export function auditedUser(row: UserWithTenantRow) {
  const { password_hash: _hidden, ...rest } = row;
  return rest;
}

/** Technical users read users and companies only: any change they ask is refused as such (docs/roles.md). */
function refuseReadOnly(auth: AuthContext): void {
  if (isTech(auth.role)) throw new AppError('USER_READ_ONLY');
}

/** A user of the tenant the actor may manage, or the reason why not. */
async function manageableUser(ctx: ServerContext, auth: AuthContext, tenantId: string, id: string) {
  const target = await findTenantUser(ctx.db, tenantId, id);
  if (!target) throw notFound();
  refuseReadOnly(auth);
  if (!mayManage({ role: auth.role, tenantId: auth.homeTenantId ?? tenantId }, { role: target.role, tenantId }))
    throw new AppError('USER_NOT_MANAGEABLE');
  return target;
}

function grantable(auth: AuthContext, role: Role): void {
  refuseReadOnly(auth);
  if (!rolesGrantableBy(auth.role).includes(role)) throw new AppError('ROLE_NOT_ALLOWED');
}

/** Runs `work`; a unique index that refused the row means the username or the address is taken. */
async function refusingTakenNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'users_username_unique') throw new AppError('USER_ALREADY_EXISTS');
    if (code === '23505' && constraint === 'users_email_unique') throw new AppError('EMAIL_ALREADY_EXISTS');
    throw error;
  }
}

async function checkBuildings(ctx: ServerContext, tenantId: string, ids: readonly string[]) {
  const found = await tenantBuildingIds(ctx.db, tenantId, ids);
  if (ids.some((id) => !found.has(id))) throw notFound();
}

export async function createUser(
  ctx: ServerContext,
  auth: AuthContext,
  actor: AuditActor,
  tenantId: string,
  body: UserCreate,
  origin: string,
) {
  grantable(auth, body.role);
  if (await findUserByUsername(ctx.db, body.username)) throw new AppError('USER_ALREADY_EXISTS');
  if (await findUserByEmail(ctx.db, body.email)) throw new AppError('EMAIL_ALREADY_EXISTS');
  const buildingIds = [...new Set(body.buildingIds ?? [])];
  await checkBuildings(ctx, tenantId, buildingIds);
  const id = uuidv7();
  const row = await newUserRow(id, tenantId, body);
  await refusingTakenNames(() =>
    ctx.db.transaction().execute(async (trx) => {
      await insertUser(trx, row);
      for (const buildingId of buildingIds) await assignBuilding(trx, id, buildingId);
      const created = await findUserById(trx, id);
      if (!created) throw notFound();
      await audit(trx, actor, {
        tenantId,
        action: 'USER_CREATED',
        entity: 'user',
        entityId: id,
        after: { ...auditedUser(created), buildingIds },
      });
      await queueVerificationLink(ctx, trx, created, origin);
    }),
  );
  return tenantUser(ctx, tenantId, id);
}

export async function editUser(
  ctx: ServerContext,
  auth: AuthContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  body: UserUpdate,
) {
  const before = await manageableUser(ctx, auth, tenantId, id);
  if (body.role !== undefined && body.role !== before.role) grantable(auth, body.role);
  const self = id === auth.userId;
  const demoted = body.role !== undefined && body.role !== before.role;
  if (self && (demoted || body.blocked === true)) throw new AppError('SELF_CHANGE_NOT_ALLOWED');
  // Defence in depth: only an active administrator manages another one, so one always remains.
  const losesAdmin = before.role === 'ROLE_ADMIN' && !before.blocked && (demoted || body.blocked === true);
  if (losesAdmin && (await countActiveAdmins(ctx.db)) <= 1) throw new AppError('LAST_ADMIN');
  if (body.email && body.email.toLowerCase() !== before.email?.toLowerCase()) {
    const owner = await findUserByEmail(ctx.db, body.email);
    if (owner && owner.id !== id) throw new AppError('EMAIL_ALREADY_EXISTS');
  }
  await refusingTakenNames(() =>
    ctx.db.transaction().execute(async (trx) => {
      await updateUser(trx, id, {
        email: body.email,
        first_name: body.firstName,
        last_name: body.lastName,
        phone: body.phone,
        role: body.role,
        user_locale: body.userLocale,
        blocked: body.blocked,
      });
      const after = await findUserById(trx, id);
      const action =
        body.blocked === true
          ? 'USER_BLOCKED'
          : body.blocked === false && before.blocked
            ? 'USER_UNBLOCKED'
            : 'USER_UPDATED';
      await audit(trx, actor, {
        tenantId,
        action,
        entity: 'user',
        entityId: id,
        before: auditedUser(before),
        after: after ? auditedUser(after) : null,
      });
    }),
  );
  return tenantUser(ctx, tenantId, id);
}

export async function removeUser(
  ctx: ServerContext,
  auth: AuthContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
) {
  const before = await manageableUser(ctx, auth, tenantId, id);
  if (id === auth.userId) throw new AppError('SELF_CHANGE_NOT_ALLOWED');
  if (before.role === 'ROLE_ADMIN' && !before.blocked && (await countActiveAdmins(ctx.db)) <= 1) {
    throw new AppError('LAST_ADMIN');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await deleteUser(trx, id);
    await audit(trx, actor, {
      tenantId,
      action: 'USER_DELETED',
      entity: 'user',
      entityId: id,
      before: auditedUser(before),
    });
  });
}

/** An administrator (or a manager of the user) sets their password; every session of the user ends. */
export async function setUserPassword(
  ctx: ServerContext,
  auth: AuthContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  password: string,
) {
  await manageableUser(ctx, auth, tenantId, id);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, id, { password_hash: passwordHash });
    await audit(trx, actor, { tenantId, action: 'PASSWORD_SET', entity: 'user', entityId: id });
  });
}

export async function userBuildings(ctx: ServerContext, tenantId: string, id: string) {
  await tenantUser(ctx, tenantId, id);
  return listAssignedBuildings(ctx.db, id, tenantId);
}

export async function changeBuildingAssignment(
  ctx: ServerContext,
  auth: AuthContext,
  actor: AuditActor,
  tenantId: string,
  params: { userId: string; buildingId: string; operation: 'assign' | 'unassign' },
) {
  await manageableUser(ctx, auth, tenantId, params.userId);
  await checkBuildings(ctx, tenantId, [params.buildingId]);
  await ctx.db.transaction().execute(async (trx) => {
    const changed =
      params.operation === 'assign'
        ? await assignBuilding(trx, params.userId, params.buildingId)
        : await unassignBuilding(trx, params.userId, params.buildingId);
    if (!changed) return;
    await audit(trx, actor, {
      tenantId,
      action: params.operation === 'assign' ? 'BUILDING_ASSIGNED' : 'BUILDING_UNASSIGNED',
      entity: 'user',
      entityId: params.userId,
      after: { buildingId: params.buildingId },
    });
  });
}

/** Whether an address is free for a user: `userId` is the user being edited (their own address is). */
export async function emailIsFree(ctx: ServerContext, email: string, userId: string | undefined): Promise<boolean> {
  const owner = await findUserByEmail(ctx.db, email);
  return !owner || owner.id === userId;
}

/** The users.csv file, written page by page (a company of any size never sits in memory at once). */
export async function* usersCsv(
  ctx: ServerContext,
  tenantId: string,
  query: Omit<UserListQuery, 'page' | 'limit'>,
  locale: Locale,
): AsyncGenerator<string> {
  const t = (key: string) => translate(locale, key);
  const columns = [
    'username',
    'firstName',
    'lastName',
    'email',
    'phone',
    'role',
    'language',
    'verified',
    'blocked',
    'createdAt',
  ];
  yield CSV_BOM + csvRow(columns.map((column) => t(`csv.users.${column}`)));
  const yesNo = (value: boolean) => t(value ? 'csv.users.yes' : 'csv.users.no');
  const pageSize = 500;
  for (let offset = 0; ; offset += pageSize) {
    const { docs } = await listTenantUsers(ctx.db, {
      tenantId,
      search: query.search || undefined,
      role: query.role,
      buildingId: query.buildingId,
      sort: query.sort,
      order: query.order,
      offset,
      limit: pageSize,
    });
    for (const row of docs) {
      yield csvRow([
        row.username,
        row.first_name,
        row.last_name,
        row.email,
        row.phone,
        t(`common.roles.${row.role}`),
        t(`common.languages.${row.user_locale}`),
        yesNo(row.verified),
        yesNo(row.blocked),
        new Date(row.created_at).toISOString(),
      ]);
    }
    if (docs.length < pageSize) return;
  }
}
