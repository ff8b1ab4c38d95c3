// Managing companies: administrators create, edit, deactivate and delete them;
// technical users read them. A company and its first corporate user are made in one
// transaction; that user verifies their address and chooses a password from an e-mail.
import { type Tenant, type TenantList, type TenantUpdate, type UserCreate, uuidv7 } from '@vestibule/shared';
import type { z } from 'zod';
import type { tenantFieldsSchema } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { queueVerificationLink } from '../auth/accountLinks.ts';
import { toUser } from '../auth/user.dto.ts';
import { findUserById, findUserByUsername } from '../auth/user.repo.ts';
import { findUserByEmail, insertUser } from '../users/users.repo.ts';
import { auditedUser, newUserRow } from '../users/users.service.ts';
import {
  type TenantRow,
  deleteTenant,
  findTenant,
  insertTenant,
  listTenants,
  tenantHasContent,
  updateTenant,
} from './tenants.repo.ts';

type TenantFields = z.infer<typeof tenantFieldsSchema>;

export function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    phone2: row.phone2,
    fax: row.fax,
    countryCode: row.country_code,
    email: row.email,
    active: row.active,
    licencesCount: row.licences_count,
    buildingLimit: row.building_limit,
    shareWhereabouts: row.share_whereabouts,
  };
}

/** The columns a company's fields set; the licences are its building limit. */
function tenantColumns(fields: TenantUpdate) {
  return {
    name: fields.name,
    address1: fields.address1,
    address2: fields.address2,
    city: fields.city,
    state: fields.state,
    zip: fields.zip,
    phone: fields.phone,
    phone2: fields.phone2,
    fax: fields.fax,
    country_code: fields.countryCode,
    email: fields.email,
    active: fields.active,
    licences_count: fields.licencesCount,
    building_limit: fields.licencesCount,
    share_whereabouts: fields.shareWhereabouts,
  };
}

export async function listCompanies(
  ctx: ServerContext,
  query: { page?: number; limit?: number; search?: string; order?: number },
): Promise<TenantList> {
  const limit = query.limit ?? 10;
  const { docs, total } = await listTenants(ctx.db, {
    search: query.search || undefined,
    order: query.order,
    offset: ((query.page ?? 1) - 1) * limit,
    limit,
  });
  return { docs: docs.map(toTenant), totalDocs: total };
}

export async function company(ctx: ServerContext, id: string): Promise<Tenant> {
  const row = await findTenant(ctx.db, id);
  if (!row) throw notFound();
  return toTenant(row);
}

export async function editCompany(ctx: ServerContext, actor: AuditActor, id: string, body: TenantUpdate) {
  const before = await findTenant(ctx.db, id);
  if (!before) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    await updateTenant(trx, id, tenantColumns(body));
    const after = await findTenant(trx, id);
    const action =
      body.active === false && before.active
        ? 'TENANT_DEACTIVATED'
        : body.active === true && !before.active
          ? 'TENANT_ACTIVATED'
          : 'TENANT_UPDATED';
    await audit(trx, actor, { tenantId: id, action, entity: 'tenant', entityId: id, before, after: after ?? null });
  });
  return company(ctx, id);
}

export async function createCompanyWithMaster(
  ctx: ServerContext,
  actor: AuditActor,
  body: { tenant: TenantFields; master: Omit<UserCreate, 'role' | 'buildingIds'> },
  origin: string,
) {
  if (await findUserByUsername(ctx.db, body.master.username)) throw new AppError('USER_ALREADY_EXISTS');
  if (await findUserByEmail(ctx.db, body.master.email)) throw new AppError('EMAIL_ALREADY_EXISTS');
  const tenantId = uuidv7();
  const userId = uuidv7();
  const masterRow = await newUserRow(userId, tenantId, { ...body.master, role: 'ROLE_MASTER' });
  const licences = body.tenant.licencesCount ?? 10;
  await ctx.db.transaction().execute(async (trx) => {
    await insertTenant(trx, {
      ...tenantColumns(body.tenant),
      id: tenantId,
      name: body.tenant.name,
      address1: body.tenant.address1 ?? null,
      address2: body.tenant.address2 ?? null,
      city: body.tenant.city ?? null,
      state: body.tenant.state ?? null,
      zip: body.tenant.zip ?? null,
      phone: body.tenant.phone ?? null,
      phone2: body.tenant.phone2 ?? null,
      fax: body.tenant.fax ?? null,
      country_code: body.tenant.countryCode ?? null,
      email: body.tenant.email ?? null,
      active: body.tenant.active ?? true,
      licences_count: licences,
      building_limit: licences,
    });
    await insertUser(trx, masterRow);
    const tenant = await findTenant(trx, tenantId);
    const master = await findUserById(trx, userId);
    if (!tenant || !master) throw notFound();
    await audit(trx, actor, {
      tenantId,
      action: 'TENANT_CREATED',
      entity: 'tenant',
      entityId: tenantId,
      after: tenant,
    });
    await audit(trx, actor, {
      tenantId,
      action: 'USER_CREATED',
      entity: 'user',
      entityId: userId,
      after: auditedUser(master),
    });
    await queueVerificationLink(ctx, trx, master, origin);
  });
  const master = await findUserById(ctx.db, userId);
  if (!master) throw notFound();
  return { tenant: await company(ctx, tenantId), master: toUser(master) };
}

export async function removeCompany(ctx: ServerContext, actor: AuditActor, id: string) {
  const before = await findTenant(ctx.db, id);
  if (!before) throw notFound();
  if (await tenantHasContent(ctx.db, id)) throw new AppError('TENANT_NOT_EMPTY');
  await ctx.db.transaction().execute(async (trx) => {
    await deleteTenant(trx, id);
    await audit(trx, actor, { tenantId: id, action: 'TENANT_DELETED', entity: 'tenant', entityId: id, before });
  });
}
