// A company's buildings: a new building's keys and defaults, the list, one building, creating
// and deleting. Changing a building's tabs is buildingChanges.service.ts; its mobile token,
// mobileTokens.service.ts; its questionnaire lists, questionnaireLists.service.ts.
import { randomBytes } from 'node:crypto';
import {
  type Building,
  type BuildingAddress,
  type ListQuery,
  maySelectTenant,
  newBuildingCheckInForms,
  newBuildingSettings,
  uuidv7,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { assignedBuildingsOf } from '../access.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { findTenantRef } from '../tenants/tenants.repo.ts';
import { assignBuilding } from '../users/users.repo.ts';
import { toBuilding } from './buildings.dto.ts';
import {
  type BuildingSort,
  deleteBuilding,
  findBuilding,
  insertBuildingWithinLimit,
  listBuildingQuestionnaireLinks,
  listBuildings,
  sortableColumns,
} from './buildings.repo.ts';

export const DAY_MS = 86_400_000;

/** A key for the building's public links: unguessable, URL-safe. */
export function newPublicKey(): string {
  return randomBytes(18).toString('base64url');
}

/** Columns every new building starts with: its public key and the new-building defaults. */
export function newBuildingColumns() {
  return {
    qr_code_key: newPublicKey(),
    mobile_token: null,
    mobile_token_next_refresh_at: new Date(Date.now() + 30 * DAY_MS),
    settings: JSON.stringify(newBuildingSettings()),
    check_in_forms: JSON.stringify(newBuildingCheckInForms()),
  };
}

export async function getBuilding(ctx: ServerContext, tenantId: string, id: string): Promise<Building> {
  const row = await findBuilding(ctx.db, tenantId, id);
  if (!row) throw notFound();
  return toBuilding(row, await listBuildingQuestionnaireLinks(ctx.db, [row.id]));
}

export async function listTenantBuildings(ctx: ServerContext, tenantId: string, query: ListQuery, assignedTo?: string) {
  // Own keys only: `__proto__` or `constructor` are in every object, never sortable columns.
  const sortable = query.sort !== undefined && Object.hasOwn(sortableColumns, query.sort);
  if (query.sort && !sortable) throw new AppError('ERROR_WITH_FILTER', { field: 'sort' });
  const sort: BuildingSort = sortable ? (query.sort as BuildingSort) : 'name';
  const limit = query.limit ?? 25;
  const page = Math.max(1, query.page ?? 1);
  const { rows, total } = await listBuildings(ctx.db, tenantId, {
    assignedTo,
    search: query.search?.trim() || undefined,
    sort,
    descending: query.order === -1,
    offset: (page - 1) * limit,
    limit,
  });
  const links = await listBuildingQuestionnaireLinks(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    docs: rows.map((row) =>
      toBuilding(
        row,
        links.filter((link) => link.building_id === row.id),
      ),
    ),
    totalDocs: total,
  };
}

export function addressColumns(address: BuildingAddress & { address2: string | null; email: string | null }) {
  return {
    name: address.name,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    zip: address.zip,
    state: address.state,
    country_code: address.countryCode,
    email: address.email,
    phone: address.phone ?? null,
    external_id: address.externalId ?? null,
    pin_code: address.pinCode,
  };
}

export type ParsedAddress = BuildingAddress & { address2: string | null; email: string | null };

/** What the audit log keeps of a new or deleted building: where it is (its PIN hidden by `audit`). */
function auditedAddress(building: ParsedAddress | Building) {
  const { name, address1, address2, city, zip, state, countryCode, email, phone, externalId, pinCode } = building;
  return { name, address1, address2, city, zip, state, countryCode, email, phone, externalId, pinCode };
}

export async function createBuilding(
  ctx: ServerContext,
  auth: AuthContext,
  actor: AuditActor,
  input: ParsedAddress & { tenantId?: string | undefined },
): Promise<Building> {
  // Admin and tech may create in a tenant they name; everyone else in their own.
  const tenantId = maySelectTenant(auth.role) ? (input.tenantId ?? auth.tenantId) : auth.tenantId;
  if (!tenantId) throw new AppError('TENANT_REQUIRED');
  if (!(await findTenantRef(ctx.db, tenantId))) throw new AppError('TENANT_REQUIRED');
  const id = uuidv7();
  await ctx.db.transaction().execute(async (trx) => {
    const outcome = await insertBuildingWithinLimit(trx, {
      id,
      tenant_id: tenantId,
      ...addressColumns(input),
      ...newBuildingColumns(),
    });
    if (outcome === 'limit') throw new AppError('BUILDING_TENANT_LIMIT_REACHED');
    if (outcome === 'externalIdExists') throw new AppError('BUILDING_ID_EXISTS');
    // A supervisor sees only assigned buildings: the one they made is theirs at once.
    const creator = assignedBuildingsOf(auth);
    if (creator) await assignBuilding(trx, creator, id);
    await audit(trx, actor, {
      tenantId,
      action: 'BUILDING_CREATED',
      entity: 'building',
      entityId: id,
      after: auditedAddress(input),
    });
  });
  return getBuilding(ctx, tenantId, id);
}

/** Deletes a building without visits; one with visit history is refused (409 BUILDING_HAS_VISITS), nothing changed. */
export async function removeBuilding(ctx: ServerContext, actor: AuditActor, tenantId: string, id: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findBuilding(trx, tenantId, id);
    const outcome = before ? await deleteBuilding(trx, tenantId, id) : 'notFound';
    if (!before || outcome === 'notFound') throw notFound();
    if (outcome === 'hasVisits') throw new AppError('BUILDING_HAS_VISITS');
    await audit(trx, actor, {
      tenantId,
      action: 'BUILDING_DELETED',
      entity: 'building',
      entityId: id,
      before: auditedAddress(toBuilding(before, [])),
    });
  });
}
