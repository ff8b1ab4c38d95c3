import { randomBytes } from 'node:crypto';
import {
  type Building,
  type BuildingAddress,
  type BuildingCheckInForms,
  type BuildingSettings,
  type ListQuery,
  maySelectTenant,
  newBuildingCheckInForms,
  newBuildingSettings,
  parseDeviceIds,
  uuidv7,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { assignedBuildingsOf } from '../access.ts';
import { findTenantRef } from '../tenants/tenants.repo.ts';
import { assignBuilding } from '../users/users.repo.ts';
import { entryListsDto, exitListsDto, toBuilding } from './buildings.dto.ts';
import {
  type BuildingSort,
  type LinkedVisitorType,
  type QuestionnaireKind,
  countTenantQuestionnaires,
  deleteBuilding,
  externalIdTaken,
  findBuilding,
  findLogo,
  insertBuildingWithinLimit,
  listBuildingQuestionnaireLinks,
  listBuildings,
  replaceQuestionnaireLinks,
  saveLogo,
  sortableColumns,
  updateBuilding,
} from './buildings.repo.ts';

const DAY_MS = 86_400_000;

/** A key for the building's public links: unguessable, URL-safe. */
export function newPublicKey(): string {
  return randomBytes(18).toString('base64url');
}

/** Columns every new building starts with: its public key and the defaults of section 9. */
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

function addressColumns(address: BuildingAddress & { address2: string | null; email: string | null }) {
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

type ParsedAddress = BuildingAddress & { address2: string | null; email: string | null };

export async function createBuilding(
  ctx: ServerContext,
  auth: AuthContext,
  input: ParsedAddress & { tenantId?: string | undefined },
): Promise<Building> {
  // Admin and tech may create in a tenant they name; everyone else in their own.
  const tenantId = maySelectTenant(auth.role) ? (input.tenantId ?? auth.tenantId) : auth.tenantId;
  if (!tenantId) throw new AppError('TENANT_REQUIRED');
  if (!(await findTenantRef(ctx.db, tenantId))) throw new AppError('TENANT_REQUIRED');
  const id = uuidv7();
  const outcome = await insertBuildingWithinLimit(ctx.db, {
    id,
    tenant_id: tenantId,
    ...addressColumns(input),
    ...newBuildingColumns(),
  });
  if (outcome === 'limit') throw new AppError('BUILDING_TENANT_LIMIT_REACHED');
  if (outcome === 'externalIdExists') throw new AppError('BUILDING_ID_EXISTS');
  // A supervisor sees only assigned buildings: the one they made is theirs at once.
  const creator = assignedBuildingsOf(auth);
  if (creator) await assignBuilding(ctx.db, creator, id);
  return getBuilding(ctx, tenantId, id);
}

async function updateOrNotFound(
  ctx: ServerContext,
  tenantId: string,
  id: string,
  values: Parameters<typeof updateBuilding>[3],
) {
  if (!(await updateBuilding(ctx.db, tenantId, id, values))) throw notFound();
  return getBuilding(ctx, tenantId, id);
}

export async function updateBuildingAddress(ctx: ServerContext, tenantId: string, id: string, input: ParsedAddress) {
  if (input.externalId && (await externalIdTaken(ctx.db, tenantId, input.externalId, id))) {
    throw new AppError('BUILDING_ID_EXISTS');
  }
  return updateOrNotFound(ctx, tenantId, id, addressColumns(input));
}

export function updateBuildingSettings(ctx: ServerContext, tenantId: string, id: string, settings: BuildingSettings) {
  // The other mode's value is cleared, as the settings tab does when switching.
  const stored =
    settings.autoCheckoutMode === 'TIMEOUT'
      ? { ...settings, autoCheckoutSpecificTime: null }
      : { ...settings, autoCheckOutTimeout: null };
  return updateOrNotFound(ctx, tenantId, id, { settings: JSON.stringify(stored) });
}

export function updateCheckInForms(ctx: ServerContext, tenantId: string, id: string, forms: BuildingCheckInForms) {
  return updateOrNotFound(ctx, tenantId, id, { check_in_forms: JSON.stringify(forms) });
}

export function updateDeviceTexts(
  ctx: ServerContext,
  tenantId: string,
  id: string,
  texts: { devicesSuccessText: string; devicesAttentionText: string },
) {
  return updateOrNotFound(ctx, tenantId, id, {
    devices_success_text: texts.devicesSuccessText,
    devices_attention_text: texts.devicesAttentionText,
  });
}

export async function updateDevices(ctx: ServerContext, tenantId: string, id: string, devicesIds: string) {
  const building = await getBuilding(ctx, tenantId, id);
  const devices = parseDeviceIds(devicesIds);
  if (devices.length > building.devicesLimit) {
    throw new AppError('VALIDATION_FAILED', { field: 'devicesIds' });
  }
  return updateOrNotFound(ctx, tenantId, id, { devices_ids: devicesIds });
}

export function updateMobileTokenSchedule(
  ctx: ServerContext,
  tenantId: string,
  id: string,
  input: { mobileTokenChangeDays: number; mobileTokenNextRefreshAt: string },
) {
  return updateOrNotFound(ctx, tenantId, id, {
    mobile_token_change_days: input.mobileTokenChangeDays,
    mobile_token_next_refresh_at: new Date(input.mobileTokenNextRefreshAt),
  });
}

/** A new mobile token at once; the next automatic refresh is due after mobileTokenChangeDays. */
export async function refreshMobileToken(ctx: ServerContext, tenantId: string, id: string) {
  const building = await getBuilding(ctx, tenantId, id);
  return updateOrNotFound(ctx, tenantId, id, {
    mobile_token: randomBytes(12).toString('base64url'),
    mobile_token_next_refresh_at: new Date(Date.now() + building.mobileTokenChangeDays * DAY_MS),
  });
}

/** Deletes a building without visits; one with visit history is refused (409 BUILDING_HAS_VISITS), nothing changed. */
export async function removeBuilding(ctx: ServerContext, tenantId: string, id: string): Promise<void> {
  const outcome = await deleteBuilding(ctx.db, tenantId, id);
  if (outcome === 'notFound') throw notFound();
  if (outcome === 'hasVisits') throw new AppError('BUILDING_HAS_VISITS');
}

const kindLists: Record<QuestionnaireKind, Record<LinkedVisitorType, string>> = {
  ENTRY: {
    VISITOR: 'visitorQuestionnaires',
    CONTRACTOR: 'contractorQuestionnaires',
    EMPLOYEE: 'employeeQuestionnaires',
  },
  EXIT: {
    VISITOR: 'visitorExitQuestionnaires',
    CONTRACTOR: 'contractorExitQuestionnaires',
    EMPLOYEE: 'employeeExitQuestionnaires',
  },
};

/** The lists of one kind: entry questionnaires or exit questionnaires, per person type. */
type ListsOf<K extends QuestionnaireKind> = K extends 'ENTRY'
  ? ReturnType<typeof entryListsDto>
  : ReturnType<typeof exitListsDto>;

export async function getQuestionnaireLists<K extends QuestionnaireKind>(
  ctx: ServerContext,
  tenantId: string,
  id: string,
  kind: K,
): Promise<ListsOf<K>> {
  const building = await findBuilding(ctx.db, tenantId, id);
  if (!building) throw notFound();
  const links = await listBuildingQuestionnaireLinks(ctx.db, [id]);
  return (kind === 'ENTRY' ? entryListsDto(links) : exitListsDto(links)) as ListsOf<K>;
}

export async function saveQuestionnaireLists<K extends QuestionnaireKind>(
  ctx: ServerContext,
  tenantId: string,
  id: string,
  kind: K,
  body: Record<string, readonly string[]>,
): Promise<ListsOf<K>> {
  if (!(await findBuilding(ctx.db, tenantId, id))) throw notFound();
  const names = kindLists[kind];
  const lists = {
    VISITOR: [...new Set(body[names.VISITOR] ?? [])],
    CONTRACTOR: [...new Set(body[names.CONTRACTOR] ?? [])],
    EMPLOYEE: [...new Set(body[names.EMPLOYEE] ?? [])],
  };
  const distinct = [...new Set(Object.values(lists).flat())];
  // Only this tenant's questionnaires may be linked.
  if ((await countTenantQuestionnaires(ctx.db, tenantId, distinct)) !== distinct.length) {
    throw new AppError('NOT_FOUND', { field: 'questionnaires' });
  }
  await replaceQuestionnaireLinks(ctx.db, id, kind, lists);
  return getQuestionnaireLists(ctx, tenantId, id, kind);
}

export async function storeLogo(
  ctx: ServerContext,
  tenantId: string,
  id: string,
  logo: { fileName: string; contentType: string; content: Buffer },
) {
  if (!(await saveLogo(ctx.db, tenantId, id, logo))) throw notFound();
  return getBuilding(ctx, tenantId, id);
}

/** A building's logo (any version: the URL's version only defeats caches), or 404. */
export async function buildingLogo(ctx: ServerContext, buildingId: string) {
  const logo = await findLogo(ctx.db, buildingId);
  if (!logo) throw notFound();
  return logo;
}
