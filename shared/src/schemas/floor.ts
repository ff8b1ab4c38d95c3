import { z } from 'zod';
import {
  GRID_STEP_DEFAULT,
  POLYGON_POINTS_MAX,
  POLYGON_POINTS_MIN,
  type SpaceShape,
  gridSteps,
  isValidShape,
} from '../domain/floorPlan.ts';
import type { ErrorCode } from '../errors.ts';
import { listQuerySchema, optionalTextSchema } from './common.ts';

// Floors and their spaces (docs/floors-and-spaces.md). One schema per payload; the admin forms
// and the server validate with the same one.

export const FLOOR_NAME_MAX = 100;
export const SPACE_NAME_MAX = 100;
export const SPACE_DESCRIPTION_MAX = 1000;
/** A floor's level: basements below 0. */
export const FLOOR_LEVEL_MIN = -20;
export const FLOOR_LEVEL_MAX = 300;
export const FLOORS_PER_BUILDING_MAX = 200;
export const SPACES_PER_FLOOR_MAX = 2000;
export const SPACE_CAPACITY_MAX = 1000;
/** A plan image must be smaller than this (5 MB). */
export const FLOOR_PLAN_MAX_BYTES = 5_000_000;
/** The plan image types, recognised by their content (never by the file's name). */
export const floorPlanTypes = ['image/gif', 'image/png', 'image/jpeg', 'image/bmp'] as const;
export type FloorPlanType = (typeof floorPlanTypes)[number];

/** What a space is: a meeting room, a desk, or another bookable place (a parking spot, a locker). */
export const spaceKinds = ['ROOM', 'DESK', 'OTHER'] as const;
export type SpaceKind = (typeof spaceKinds)[number];
/** The colour a new space of each kind gets. */
export const spaceKindColors: Record<SpaceKind, string> = {
  ROOM: '#1565c0',
  DESK: '#2e7d32',
  OTHER: '#6a1b9a',
};

/** A custom issue that carries its catalogue code, so the server answers with it. */
function issue(ctx: z.RefinementCtx, path: string, errorCode: ErrorCode): void {
  ctx.addIssue({ code: 'custom', path: [path], message: errorCode, params: { errorCode } });
}

const fraction = z.number().finite().min(0).max(1);
const planPointSchema = z.object({ x: fraction, y: fraction });

export const spaceShapeSchema: z.ZodType<SpaceShape> = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('rect'), x: fraction, y: fraction, width: fraction, height: fraction }),
    z.object({
      kind: z.literal('polygon'),
      points: z.array(planPointSchema).min(POLYGON_POINTS_MIN).max(POLYGON_POINTS_MAX),
    }),
  ])
  .superRefine((shape, ctx) => {
    if (!isValidShape(shape)) issue(ctx, 'shape', 'SPACE_SHAPE_INVALID');
  });

export const floorLayoutConfigSchema = z.object({
  /** The grid's step, relative to the plan's width. */
  gridStep: z.union(gridSteps.map((step) => z.literal(step))).default(GRID_STEP_DEFAULT),
  /** Whether shapes drawn or moved snap to the grid. */
  snap: z.boolean().default(true),
  /** Whether the spaces' names are written on the map. */
  showNames: z.boolean().default(true),
});
export type FloorLayoutConfig = z.infer<typeof floorLayoutConfigSchema>;

/** The plan image as stored: its address (unguessable, changes with each upload), size in pixels and bytes. */
export const floorImageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  contentType: z.enum(floorPlanTypes),
  bytes: z.number().int().positive(),
  uploadedAt: z.string(),
});
export type FloorImage = z.infer<typeof floorImageSchema>;

export const floorSchema = z.object({
  id: z.uuid(),
  buildingId: z.uuid(),
  buildingName: z.string(),
  name: z.string(),
  level: z.number().int().nullable(),
  image: floorImageSchema.nullable(),
  config: floorLayoutConfigSchema,
  spaceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Floor = z.infer<typeof floorSchema>;

const floorNameSchema = z.string().trim().min(1).max(FLOOR_NAME_MAX);
const floorLevelSchema = z.number().int().min(FLOOR_LEVEL_MIN).max(FLOOR_LEVEL_MAX).nullable();

export const floorCreateSchema = z.object({
  buildingId: z.uuid(),
  name: floorNameSchema,
  level: floorLevelSchema.optional(),
});
export type FloorCreate = z.input<typeof floorCreateSchema>;

export const floorUpdateSchema = z.object({
  name: floorNameSchema.optional(),
  level: floorLevelSchema.optional(),
});
export type FloorUpdate = z.input<typeof floorUpdateSchema>;

export const floorListQuerySchema = listQuerySchema.extend({ buildingId: z.uuid().optional() });
export type FloorListQuery = z.input<typeof floorListQuerySchema>;

/** A floor a signed-in user may book on: its building and how many spaces are bookable there. */
export const userFloorSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  level: z.number().int().nullable(),
  buildingId: z.uuid(),
  buildingName: z.string(),
  hasPlan: z.boolean(),
  bookableSpaces: z.number().int(),
});
export type UserFloor = z.infer<typeof userFloorSchema>;

/** A space's approver: a user of the floor's company. */
export const spaceApproverSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable() });
export type SpaceApprover = z.infer<typeof spaceApproverSchema>;

export const spaceSchema = z.object({
  id: z.uuid(),
  floorId: z.uuid(),
  floorName: z.string(),
  buildingId: z.uuid(),
  buildingName: z.string(),
  name: z.string(),
  kind: z.enum(spaceKinds),
  capacity: z.number().int().nullable(),
  color: z.string(),
  public: z.boolean(),
  available: z.boolean(),
  description: z.string().nullable(),
  approver1: spaceApproverSchema.nullable(),
  approver2: spaceApproverSchema.nullable(),
  /** Its place on the plan; null for a space listed but not drawn yet. */
  shape: spaceShapeSchema.nullable(),
  /** Bookings of it not yet over (what deleting it would cancel). */
  futureBookings: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Space = z.infer<typeof spaceSchema>;

const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .transform((value) => value.toLowerCase());

const spaceFields = {
  name: z.string().trim().min(1).max(SPACE_NAME_MAX),
  kind: z.enum(spaceKinds),
  capacity: z.number().int().min(1).max(SPACE_CAPACITY_MAX).nullable(),
  color: colorSchema,
  public: z.boolean(),
  available: z.boolean(),
  description: optionalTextSchema(SPACE_DESCRIPTION_MAX),
  approver1Id: z.uuid().nullable(),
  approver2Id: z.uuid().nullable(),
  shape: spaceShapeSchema.nullable(),
};

function distinctApprovers(value: { approver1Id?: string | null; approver2Id?: string | null }, ctx: z.RefinementCtx) {
  if (value.approver1Id && value.approver1Id === value.approver2Id) issue(ctx, 'approver2Id', 'SPACE_APPROVERS_SAME');
}

/** A new space: a kind's colour when none is given, public and available unless said otherwise. */
export const spaceCreateSchema = z
  .object({
    floorId: z.uuid(),
    name: spaceFields.name,
    kind: spaceFields.kind.default('ROOM'),
    capacity: spaceFields.capacity.optional(),
    color: spaceFields.color.optional(),
    public: spaceFields.public.default(true),
    available: spaceFields.available.default(true),
    description: spaceFields.description,
    approver1Id: spaceFields.approver1Id.optional(),
    approver2Id: spaceFields.approver2Id.optional(),
    shape: spaceFields.shape.optional(),
  })
  .superRefine(distinctApprovers);
export type SpaceCreate = z.input<typeof spaceCreateSchema>;

/** A change to a space: only the fields given change (its floor stays). */
export const spaceUpdateSchema = z
  .object({
    name: spaceFields.name.optional(),
    kind: spaceFields.kind.optional(),
    capacity: spaceFields.capacity.optional(),
    color: spaceFields.color.optional(),
    public: spaceFields.public.optional(),
    available: spaceFields.available.optional(),
    description: spaceFields.description,
    approver1Id: spaceFields.approver1Id.optional(),
    approver2Id: spaceFields.approver2Id.optional(),
    shape: spaceFields.shape.optional(),
  })
  .superRefine(distinctApprovers);
export type SpaceUpdate = z.input<typeof spaceUpdateSchema>;

export const spaceListQuerySchema = listQuerySchema.extend({
  buildingId: z.uuid().optional(),
  floorId: z.uuid().optional(),
  kind: z.enum(spaceKinds).optional(),
});
export type SpaceListQuery = z.input<typeof spaceListQuerySchema>;

/** A space in a picker (a floor's spaces by name). */
export const spaceOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(spaceKinds),
  public: z.boolean(),
  available: z.boolean(),
});
export type SpaceOption = z.infer<typeof spaceOptionSchema>;

/** A floor's map: the floor (its plan and settings) and every space on it. */
export const floorLayoutSchema = z.object({ floor: floorSchema, spaces: z.array(spaceSchema) });
export type FloorLayout = z.infer<typeof floorLayoutSchema>;

/**
 * Deleting a space or a floor whose spaces have bookings not yet over is refused
 * (SPACE_HAS_FUTURE_BOOKINGS, FLOOR_HAS_FUTURE_BOOKINGS, with their count) unless the caller
 * confirms that those bookings are cancelled with it.
 */
export const deleteWithBookingsQuerySchema = z.object({ cancelBookings: z.enum(['true', 'false']).optional() });

export const floorDeletedSchema = z.object({
  id: z.uuid(),
  deletedSpaces: z.number().int(),
  cancelledBookings: z.number().int(),
});
export const spaceDeletedSchema = z.object({ id: z.uuid(), cancelledBookings: z.number().int() });
