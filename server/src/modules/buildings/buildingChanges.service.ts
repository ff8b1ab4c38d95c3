// Changing a building, one tab at a time (address, settings, check-in forms, kiosk texts and
// devices, logo): each change and the fields it changed are audited in one transaction.
import {
  type Building,
  type BuildingCheckInForms,
  type BuildingSettings,
  parseDeviceIds,
  withFormRules,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit, changedFields } from '../audit/audit.service.ts';
import { toBuilding } from './buildings.dto.ts';
import {
  type BuildingRow,
  externalIdTaken,
  findBuilding,
  findLogo,
  saveLogo,
  updateBuilding,
} from './buildings.repo.ts';
import { type ParsedAddress, addressColumns, getBuilding } from './buildings.service.ts';

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

export function updateOrNotFound(
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

/**
 * The three check-in forms, as the product's rules hold them: a locked switch was refused by the
 * schema (BUILDING_CHECK_IN_FIELD_LOCKED), and which switches may change is the rule's, not the
 * request's (`withFormRules`).
 */
export function updateCheckInForms(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  forms: BuildingCheckInForms,
) {
  const held: BuildingCheckInForms = {
    visitorCheckInForm: withFormRules(forms.visitorCheckInForm),
    contractorCheckInForm: withFormRules(forms.contractorCheckInForm),
    employeeCheckInForm: withFormRules(forms.employeeCheckInForm),
  };
  return updateOrNotFound(
    ctx,
    actor,
    { tenantId, id, action: 'BUILDING_CHECK_IN_FORMS_UPDATED' },
    { check_in_forms: JSON.stringify(held) },
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
