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
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { assignedBuildingsOf } from '../access.ts';
import { type AuditActor, audit, changedFields } from '../audit/audit.service.ts';
import { findTenantRef } from '../tenants/tenants.repo.ts';
import { assignBuilding } from '../users/users.repo.ts';
import { entryListsDto, exitListsDto, toBuilding } from './buildings.dto.ts';
import {
  type BuildingRow,
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

/** What the audit log keeps of a new or deleted building: where it is (its PIN hidden by `audit`). */
function auditedAddress(building: ParsedAddress | Building) {
  const { name, address1, address2, city, zip, state, countryCode, email, phone, externalId, pinCode } = building;
  return { name, address1, address2, city, zip, state, countryCode, email, phone, externalId, pinCode };
}

/**
 * A building's fields as the audit log compares them: as the API shows them, without its
 * public key and mobile token (those open its public pages) and the questionnaire lists
 * (recorded by their own action).
 */
function auditedBuilding(row: BuildingRow): Record<string, unknown> {
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    tenant: _tenant,
    qrCodeKey: _qrCodeKey,
    mobileToken: _mobileToken,
    ...fields
  } = toBuilding(row, []);
  return fields;
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

/**
 * Changes one building of the tenant (`change` answers false when there is none: 404) and
 * records the fields that changed, in one transaction.
 */
async function changeBuilding(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string; action: string },
  change: (trx: Db) => Promise<boolean>,
): Promise<Building> {
  const { tenantId, id, action } = target;
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findBuilding(trx, tenantId, id);
    if (!before || !(await change(trx))) throw notFound();
    const after = await findBuilding(trx, tenantId, id);
    if (!after) throw notFound();
    await audit(trx, actor, {
      tenantId,
      action,
      entity: 'building',
      entityId: id,
      ...changedFields(auditedBuilding(before), auditedBuilding(after)),
    });
  });
  return getBuilding(ctx, tenantId, id);
}

function updateOrNotFound(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string; action: string },
  values: Parameters<typeof updateBuilding>[3],
) {
  return changeBuilding(ctx, actor, target, (trx) => updateBuilding(trx, target.tenantId, target.id, values));
}

export async function updateBuildingAddress(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  input: ParsedAddress,
) {
  if (input.externalId && (await externalIdTaken(ctx.db, tenantId, input.externalId, id))) {
    throw new AppError('BUILDING_ID_EXISTS');
  }
  return updateOrNotFound(ctx, actor, { tenantId, id, action: 'BUILDING_UPDATED' }, addressColumns(input));
}

export function updateBuildingSettings(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  settings: BuildingSettings,
) {
  // The other mode's value is cleared, as the settings tab does when switching.
  const stored =
    settings.autoCheckoutMode === 'TIMEOUT'
      ? { ...settings, autoCheckoutSpecificTime: null }
      : { ...settings, autoCheckOutTimeout: null };
  return updateOrNotFound(
    ctx,
    actor,
    { tenantId, id, action: 'BUILDING_SETTINGS_UPDATED' },
    { settings: JSON.stringify(stored) },
  );
}

export function updateCheckInForms(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  forms: BuildingCheckInForms,
) {
  return updateOrNotFound(
    ctx,
    actor,
    { tenantId, id, action: 'BUILDING_CHECK_IN_FORMS_UPDATED' },
    { check_in_forms: JSON.stringify(forms) },
  );
}

export function updateDeviceTexts(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  texts: { devicesSuccessText: string; devicesAttentionText: string },
) {
  return updateOrNotFound(
    ctx,
    actor,
    { tenantId, id, action: 'BUILDING_DEVICE_TEXTS_UPDATED' },
    { devices_success_text: texts.devicesSuccessText, devices_attention_text: texts.devicesAttentionText },
  );
}

export async function updateDevices(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  devicesIds: string,
) {
  const building = await getBuilding(ctx, tenantId, id);
  const devices = parseDeviceIds(devicesIds);
  if (devices.length > building.devicesLimit) {
    throw new AppError('VALIDATION_FAILED', { field: 'devicesIds' });
  }
  return updateOrNotFound(
    ctx,
    actor,
    { tenantId, id, action: 'BUILDING_DEVICES_UPDATED' },
    { devices_ids: devicesIds },
  );
}

export function updateMobileTokenSchedule(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  input: { mobileTokenChangeDays: number; mobileTokenNextRefreshAt: string },
) {
  return updateOrNotFound(
    ctx,
    actor,
    { tenantId, id, action: 'BUILDING_MOBILE_TOKEN_SCHEDULED' },
    {
      mobile_token_change_days: input.mobileTokenChangeDays,
      mobile_token_next_refresh_at: new Date(input.mobileTokenNextRefreshAt),
    },
  );
}

/** A new mobile token at once; the next automatic refresh is due after mobileTokenChangeDays. */
export async function refreshMobileToken(ctx: ServerContext, actor: AuditActor, tenantId: string, id: string) {
  const building = await getBuilding(ctx, tenantId, id);
  // The token itself never enters the log: the action says it changed.
  return updateOrNotFound(
    ctx,
    actor,
    { tenantId, id, action: 'BUILDING_MOBILE_TOKEN_REFRESHED' },
    {
      mobile_token: randomBytes(12).toString('base64url'),
      mobile_token_next_refresh_at: new Date(Date.now() + building.mobileTokenChangeDays * DAY_MS),
    },
  );
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
  actor: AuditActor,
  target: { tenantId: string; id: string; kind: K },
  body: Record<string, readonly string[]>,
): Promise<ListsOf<K>> {
  const { tenantId, id, kind } = target;
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
  const listsOf = async (db: Db) => {
    const links = await listBuildingQuestionnaireLinks(db, [id]);
    return kind === 'ENTRY' ? entryListsDto(links) : exitListsDto(links);
  };
  await ctx.db.transaction().execute(async (trx) => {
    const before = await listsOf(trx);
    await replaceQuestionnaireLinks(trx, id, kind, lists);
    await audit(trx, actor, {
      tenantId,
      action: 'BUILDING_QUESTIONNAIRES_UPDATED',
      entity: 'building',
      entityId: id,
      ...changedFields(before, await listsOf(trx)),
    });
  });
  return getQuestionnaireLists(ctx, tenantId, id, kind);
}

export function storeLogo(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string },
  logo: { fileName: string; contentType: string; content: Buffer },
) {
  return changeBuilding(ctx, actor, { ...target, action: 'BUILDING_LOGO_UPDATED' }, (trx) =>
    saveLogo(trx, target.tenantId, target.id, logo),
  );
}

/** A building's logo (any version: the URL's version only defeats caches), or 404. */
export async function buildingLogo(ctx: ServerContext, buildingId: string) {
  const logo = await findLogo(ctx.db, buildingId);
  if (!logo) throw notFound();
  return logo;
}
