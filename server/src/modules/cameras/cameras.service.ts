import type { Camera, CameraChange, CameraInput } from '@vestibule/shared';
import { cameraAddressRefusal, uuidv7 } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit, changedFields } from '../audit/audit.service.ts';
import { readCameraInfo, readCameraPicture } from './camera.adapter.ts';
import { type CameraRow, deleteCamera, findCamera, insertCamera, listCameras, updateCamera } from './cameras.repo.ts';

type ParsedCamera = Omit<CameraInput, 'active' | 'simulated' | 'authUser'> & {
  active: boolean;
  simulated: boolean;
  authUser: string | null;
};

/** The API shape of a camera: whether it has a password, never the password. */
function toCamera(row: CameraRow): Camera {
  return {
    id: row.id,
    buildingId: row.building_id,
    name: row.name,
    ipAddress: row.ip_address,
    authUser: row.auth_user,
    hasPassword: row.auth_password !== null && row.auth_password !== '',
    cameraPlace: row.camera_place,
    active: row.active,
    simulated: row.simulated,
  };
}

export async function camerasOf(ctx: ServerContext, tenantId: string, buildingId: string): Promise<Camera[]> {
  return (await listCameras(ctx.db, tenantId, buildingId)).map(toCamera);
}

/** A simulated camera is never called; a real one only at an address the server may call. */
function checkAddress(ctx: ServerContext, input: Pick<ParsedCamera, 'simulated' | 'ipAddress'>): void {
  if (input.simulated) return;
  if (cameraAddressRefusal(input.ipAddress, ctx.config.cameraAllowLocalAddresses)) {
    throw new AppError('CAMERA_ADDRESS_NOT_ALLOWED', { field: 'ipAddress' });
  }
}

/** A camera as the audit log keeps it: never its password, only whether it has one. */
function auditedCamera(row: CameraRow): Record<string, unknown> {
  const { id: _id, ...fields } = toCamera(row);
  return fields;
}

export async function addCamera(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; buildingId: string },
  input: ParsedCamera,
) {
  const { tenantId, buildingId } = target;
  checkAddress(ctx, input);
  const id = uuidv7();
  await ctx.db.transaction().execute(async (trx) => {
    await insertCamera(trx, {
      id,
      tenant_id: tenantId,
      building_id: buildingId,
      name: input.name,
      ip_address: input.ipAddress,
      auth_user: input.authUser,
      auth_password: input.authPassword || null,
      camera_place: input.cameraPlace,
      active: input.active,
      simulated: input.simulated,
    });
    const created = await findCamera(trx, tenantId, id);
    if (!created) throw notFound();
    await audit(trx, actor, {
      tenantId,
      action: 'CAMERA_CREATED',
      entity: 'camera',
      entityId: id,
      after: auditedCamera(created),
    });
  });
  return camerasOf(ctx, tenantId, buildingId);
}

async function cameraOrNotFound(ctx: ServerContext, tenantId: string, id: string): Promise<CameraRow> {
  const camera = await findCamera(ctx.db, tenantId, id);
  if (!camera) throw notFound();
  return camera;
}

/**
 * Changes only the fields the edit names: an omitted field keeps what is stored, and an empty or
 * omitted password keeps the stored one (the browser never has it).
 */
export async function editCamera(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  input: CameraChange,
) {
  const camera = await cameraOrNotFound(ctx, tenantId, id);
  checkAddress(ctx, {
    ipAddress: input.ipAddress ?? camera.ip_address,
    simulated: input.simulated ?? camera.simulated,
  });
  const changes = {
    name: input.name,
    ip_address: input.ipAddress,
    auth_user: input.authUser,
    auth_password: input.authPassword || undefined,
    camera_place: input.cameraPlace,
    active: input.active,
    simulated: input.simulated,
  };
  // An undefined value is left out of the update: that column keeps what it holds.
  const changesSomething = Object.values(changes).some((value) => value !== undefined);
  await ctx.db.transaction().execute(async (trx) => {
    if (changesSomething) await updateCamera(trx, tenantId, id, changes);
    const after = await findCamera(trx, tenantId, id);
    if (!after) throw notFound();
    // A password given is recorded as given, never itself.
    const given = input.authPassword ? { passwordReplaced: true } : {};
    await audit(trx, actor, {
      tenantId,
      action: 'CAMERA_UPDATED',
      entity: 'camera',
      entityId: id,
      ...changedFields(auditedCamera(camera), { ...auditedCamera(after), ...given }),
    });
  });
  return camerasOf(ctx, tenantId, camera.building_id);
}

export async function removeCamera(ctx: ServerContext, actor: AuditActor, tenantId: string, id: string) {
  const camera = await cameraOrNotFound(ctx, tenantId, id);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteCamera(trx, tenantId, id);
    await audit(trx, actor, {
      tenantId,
      action: 'CAMERA_DELETED',
      entity: 'camera',
      entityId: id,
      before: auditedCamera(camera),
    });
  });
  return camerasOf(ctx, tenantId, camera.building_id);
}

function connectionOf(ctx: ServerContext, row: CameraRow) {
  return {
    allowLocal: ctx.config.cameraAllowLocalAddresses,
    ipAddress: row.ip_address,
    authUser: row.auth_user,
    authPassword: row.auth_password,
    simulated: row.simulated,
  };
}

export async function cameraInfo(ctx: ServerContext, tenantId: string, id: string) {
  return readCameraInfo(connectionOf(ctx, await cameraOrNotFound(ctx, tenantId, id)));
}

export async function cameraPicture(ctx: ServerContext, tenantId: string, id: string) {
  return readCameraPicture(connectionOf(ctx, await cameraOrNotFound(ctx, tenantId, id)));
}
