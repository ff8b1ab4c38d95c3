import { z } from 'zod';
import { cameraChangeSchema, cameraInfoSchema, cameraInputSchema, cameraSchema } from '../schemas/building.ts';
import { idParamsSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

const tags = ['cameras'];
const list = z.array(cameraSchema);
const buildingParams = z.object({ buildingId: z.uuid() });

export const camerasContract = {
  'GET /camera/:buildingId': endpoint({
    tags,
    summary: 'Every camera of a building',
    params: buildingParams,
    response: list,
    errors: ['NOT_FOUND'],
  }),
  'POST /camera/:buildingId': endpoint({
    tags,
    summary: 'Add a camera; answers the full list',
    params: buildingParams,
    body: cameraInputSchema,
    response: list,
    errors: ['NOT_FOUND', 'CAMERA_ADDRESS_NOT_ALLOWED'],
  }),
  'PATCH /camera/:id': endpoint({
    tags,
    summary:
      'Edit a camera: only the fields sent change (an omitted or empty password keeps the stored one); answers the full list',
    params: idParamsSchema,
    body: cameraChangeSchema,
    response: list,
    errors: ['NOT_FOUND', 'CAMERA_ADDRESS_NOT_ALLOWED'],
  }),
  'DELETE /camera/:id': endpoint({
    tags,
    summary: 'Delete a camera; answers the full list',
    params: idParamsSchema,
    response: list,
    errors: ['NOT_FOUND'],
  }),
  'GET /camera/info/:id': endpoint({
    tags,
    summary: 'Read the camera: an entry list with maxTemperature',
    params: idParamsSchema,
    response: cameraInfoSchema,
    errors: ['NOT_FOUND', 'CAMERA_UNREACHABLE', 'CAMERA_ADDRESS_NOT_ALLOWED'],
  }),
  'GET /camera/picture/:id': endpoint({
    tags,
    summary: 'A picture from the camera (?x=timestamp defeats caches)',
    params: idParamsSchema,
    query: z.object({ x: z.string().max(32).optional() }),
    errors: ['NOT_FOUND', 'CAMERA_UNREACHABLE', 'CAMERA_ADDRESS_NOT_ALLOWED'],
  }),
};
