import { z } from 'zod';
import { idParamsSchema, listResponseSchema } from '../schemas/common.ts';
import {
  deleteWithBookingsQuerySchema,
  floorCreateSchema,
  floorDeletedSchema,
  floorLayoutConfigSchema,
  floorLayoutSchema,
  floorListQuerySchema,
  floorSchema,
  floorUpdateSchema,
  spaceApproverSchema,
  spaceCreateSchema,
  spaceDeletedSchema,
  spaceListQuerySchema,
  spaceOptionSchema,
  spaceSchema,
  spaceUpdateSchema,
  userFloorSchema,
} from '../schemas/floor.ts';
import { endpoint } from './endpoint.ts';

// Floors (their plan image and map settings) and the spaces drawn on them
// (docs/floors-and-spaces.md). Managed by admin, master and supervisor (a supervisor for their
// assigned buildings only); every signed-in user of a company reads the floors they may book on.

const floorTags = ['floors'];
const spaceTags = ['spaces'];

export const floorsContract = {
  'GET /floor': endpoint({
    tags: floorTags,
    summary: "Floors of the caller's buildings: paged, sorted (name, level, building), searched, by building",
    query: floorListQuerySchema,
    response: listResponseSchema(floorSchema),
    errors: ['TENANT_REQUIRED', 'ERROR_WITH_FILTER'],
  }),
  'GET /public/floor/user': endpoint({
    tags: floorTags,
    summary: 'The floors the signed-in user may book on (a bookable space on them, in their buildings)',
    response: z.array(userFloorSchema),
    errors: [],
  }),
  'POST /floor': endpoint({
    tags: floorTags,
    summary: 'Add a floor to a building',
    body: floorCreateSchema,
    response: floorSchema,
    errors: ['TENANT_REQUIRED', 'NOT_FOUND', 'FLOOR_NAME_EXISTS', 'FLOOR_LIMIT_REACHED'],
  }),
  'PATCH /floor/:id': endpoint({
    tags: floorTags,
    summary: 'Rename a floor or change its level',
    params: idParamsSchema,
    body: floorUpdateSchema,
    response: floorSchema,
    errors: ['NOT_FOUND', 'FLOOR_NAME_EXISTS'],
  }),
  'DELETE /floor/:id': endpoint({
    tags: floorTags,
    summary: 'Delete a floor, its plan and its spaces (refused while bookings are to come, unless cancelled with it)',
    params: idParamsSchema,
    query: deleteWithBookingsQuerySchema,
    response: floorDeletedSchema,
    errors: ['NOT_FOUND', 'FLOOR_HAS_FUTURE_BOOKINGS'],
  }),
  'PATCH /floor/:id/layoutConfig': endpoint({
    tags: floorTags,
    summary: "The map's settings: grid step, snapping, names shown",
    params: idParamsSchema,
    body: floorLayoutConfigSchema,
    response: floorSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /floor/:id/layout': endpoint({
    tags: floorTags,
    summary: 'The floor with its plan (address and size in pixels) and every space on it',
    params: idParamsSchema,
    response: floorLayoutSchema,
    errors: ['NOT_FOUND'],
  }),
  'PATCH /floor/:id/layoutImage': endpoint({
    tags: floorTags,
    summary: 'Upload the plan image (multipart, field file): GIF, PNG, JPEG or BMP under 5 MB, checked by content',
    params: idParamsSchema,
    consumes: ['multipart/form-data'],
    response: floorSchema,
    errors: ['NOT_FOUND', 'MISSING', 'MALFORMED_MULTIPART', 'FLOOR_PLAN_TOO_BIG', 'FLOOR_PLAN_INVALID_FORMAT'],
  }),
  'DELETE /floor/:id/layoutImage': endpoint({
    tags: floorTags,
    summary: 'Remove the plan image (the spaces keep their places for the next one)',
    params: idParamsSchema,
    response: floorSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /public/floor/:id/plan/:key': endpoint({
    access: 'public',
    tags: floorTags,
    summary:
      "The plan image; its key (in the layout's image address) changes with each upload, so it is cached for a year",
    params: z.object({ id: z.uuid(), key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
    errors: ['NOT_FOUND'],
  }),
  'GET /space': endpoint({
    tags: spaceTags,
    summary:
      "Spaces of the caller's buildings: paged, sorted (name, kind, floor, building), searched, by building, floor, kind",
    query: spaceListQuerySchema,
    response: listResponseSchema(spaceSchema),
    errors: ['TENANT_REQUIRED', 'ERROR_WITH_FILTER'],
  }),
  'GET /space/list/:floorId': endpoint({
    tags: spaceTags,
    summary: "A floor's spaces by name, for a picker",
    params: z.object({ floorId: z.uuid() }),
    response: z.array(spaceOptionSchema),
    errors: ['NOT_FOUND'],
  }),
  'GET /space/byFloorId/:id': endpoint({
    tags: spaceTags,
    summary: "A floor's spaces with their shapes (the map)",
    params: idParamsSchema,
    response: z.array(spaceSchema),
    errors: ['NOT_FOUND'],
  }),
  'POST /space': endpoint({
    tags: spaceTags,
    summary: 'Add a space to a floor (answers 200)',
    body: spaceCreateSchema,
    response: spaceSchema,
    errors: [
      'NOT_FOUND',
      'SPACE_NAME_EXISTS',
      'SPACE_LIMIT_REACHED',
      'SPACE_SHAPE_INVALID',
      'SPACE_APPROVER_INVALID',
      'SPACE_APPROVERS_SAME',
    ],
  }),
  'PATCH /space/:id': endpoint({
    tags: spaceTags,
    summary: 'Change a space: its fields, approvers or shape',
    params: idParamsSchema,
    body: spaceUpdateSchema,
    response: spaceSchema,
    errors: ['NOT_FOUND', 'SPACE_NAME_EXISTS', 'SPACE_SHAPE_INVALID', 'SPACE_APPROVER_INVALID', 'SPACE_APPROVERS_SAME'],
  }),
  'DELETE /space/:id': endpoint({
    tags: spaceTags,
    summary: 'Delete a space (refused while bookings of it are to come, unless they are cancelled with it)',
    params: idParamsSchema,
    query: deleteWithBookingsQuerySchema,
    response: spaceDeletedSchema,
    errors: ['NOT_FOUND', 'SPACE_HAS_FUTURE_BOOKINGS'],
  }),
  'GET /space/approvers/:id': endpoint({
    tags: spaceTags,
    summary: "Who may approve bookings of a floor's spaces: the users of its company who see its building",
    params: idParamsSchema,
    response: z.array(spaceApproverSchema),
    errors: ['NOT_FOUND'],
  }),
};
