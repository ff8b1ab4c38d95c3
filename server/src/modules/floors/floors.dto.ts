import {
  type Floor,
  type FloorLayoutConfig,
  SERVICE_BASE,
  type Space,
  type SpaceApprover,
  type UserFloor,
  floorLayoutConfigSchema,
} from '@vestibule/shared';
import type { FloorRow, MapSpaceRow, SpaceRow } from './floors.repo.ts';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The plan image's public address: its key changes with each upload (docs/floors-and-spaces.md). */
export function planUrl(floorId: string, key: string): string {
  return `${SERVICE_BASE}/public/floor/${floorId}/plan/${key}`;
}

/** A stored map setting missing or out of its choices reads as its default. */
export function configOf(stored: unknown): FloorLayoutConfig {
  const parsed = floorLayoutConfigSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : floorLayoutConfigSchema.parse({});
}

export function toFloor(row: FloorRow): Floor {
  const hasPlan =
    row.plan_key !== null &&
    row.plan_content_type !== null &&
    row.plan_width !== null &&
    row.plan_height !== null &&
    row.plan_bytes !== null &&
    row.plan_uploaded_at !== null;
  return {
    id: row.id,
    buildingId: row.building_id,
    buildingName: row.building_name,
    name: row.name,
    level: row.level,
    image: hasPlan
      ? {
          url: planUrl(row.id, row.plan_key!),
          width: row.plan_width!,
          height: row.plan_height!,
          contentType: row.plan_content_type!,
          bytes: row.plan_bytes!,
          uploadedAt: iso(row.plan_uploaded_at!),
        }
      : null,
    config: configOf(row.config),
    spaceCount: Number(row.space_count ?? 0),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A user's name as lists show it: first and last name, else the username. */
export function displayName(user: { username: string; first_name: string | null; last_name: string | null }): string {
  return [user.first_name, user.last_name].filter((part) => part && part.trim() !== '').join(' ') || user.username;
}

export function toApprover(user: {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}): SpaceApprover {
  return { id: user.id, name: displayName(user), email: user.email };
}

function approverOf(row: SpaceRow, which: 1 | 2): SpaceApprover | null {
  const id = which === 1 ? row.approver1_id : row.approver2_id;
  const username = which === 1 ? row.approver1_username : row.approver2_username;
  if (!id || username === null) return null;
  return toApprover({
    id,
    username,
    first_name: which === 1 ? row.approver1_first_name : row.approver2_first_name,
    last_name: which === 1 ? row.approver1_last_name : row.approver2_last_name,
    email: which === 1 ? row.approver1_email : row.approver2_email,
  });
}

/** A space's own columns, as every read of spaces selects them. */
type SpaceColumns = Pick<
  MapSpaceRow,
  | 'id'
  | 'floor_id'
  | 'floor_name'
  | 'building_id'
  | 'building_name'
  | 'name'
  | 'kind'
  | 'capacity'
  | 'color'
  | 'public'
  | 'available'
  | 'description'
  | 'shape'
> & { future_bookings: number | string | null; created_at: Date | string; updated_at: Date | string };

function spaceOf(row: SpaceColumns, approver1: SpaceApprover | null, approver2: SpaceApprover | null): Space {
  return {
    id: row.id,
    floorId: row.floor_id,
    floorName: row.floor_name,
    buildingId: row.building_id,
    buildingName: row.building_name,
    name: row.name,
    kind: row.kind,
    capacity: row.capacity,
    color: row.color,
    public: row.public,
    available: row.available,
    description: row.description,
    approver1,
    approver2,
    shape: row.shape,
    futureBookings: Number(row.future_bookings ?? 0),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toSpace(row: SpaceRow): Space {
  return spaceOf(row, approverOf(row, 1), approverOf(row, 2));
}

/** The map's spaces, with their approvers read apart (`listApproversOfFloor`). */
export function toMapSpaces(rows: MapSpaceRow[], approvers: Parameters<typeof toApprover>[0][]): Space[] {
  const byId = new Map(approvers.map((user) => [user.id, toApprover(user)]));
  const approver = (id: string | null) => (id === null ? null : (byId.get(id) ?? null));
  return rows.map((row) => spaceOf(row, approver(row.approver1_id), approver(row.approver2_id)));
}

export function toUserFloor(row: {
  id: string;
  name: string;
  level: number | null;
  building_id: string;
  building_name: string;
  plan_floor_id: string | null;
  bookable_spaces: number | string | bigint;
}): UserFloor {
  return {
    id: row.id,
    name: row.name,
    level: row.level,
    buildingId: row.building_id,
    buildingName: row.building_name,
    hasPlan: row.plan_floor_id !== null,
    bookableSpaces: Number(row.bookable_spaces),
  };
}
