import { z } from 'zod';
import {
  buildingAddressSchema,
  buildingCheckInFormsSchema,
  buildingCreateSchema,
  buildingDeviceTextsSchema,
  buildingDevicesSchema,
  buildingExitQuestionnairesSchema,
  buildingMobileTokenSchema,
  buildingQuestionnairesSchema,
  buildingSchema,
  buildingSettingsSchema,
} from '../schemas/building.ts';
import { idParamsSchema, listQuerySchema, listResponseSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

const tags = ['buildings'];

/** A change to one tab of the building dialog: the building as saved. */
function buildingChange<B extends z.ZodType>(summary: string, body: B) {
  return endpoint({
    tags,
    summary,
    params: idParamsSchema,
    body,
    response: buildingSchema,
    errors: ['NOT_FOUND', 'BUILDING_ID_EXISTS'],
  });
}

/** The entry or the exit lists: one shape; the exit call's body may still use its earlier keys. */
function questionnaireLists<B extends z.ZodType>(kind: 'entry' | 'exit', body: B) {
  const schema = buildingQuestionnairesSchema;
  return {
    read: endpoint({
      tags,
      summary: `${kind === 'entry' ? 'Entry' : 'Exit'} questionnaires per person type`,
      params: idParamsSchema,
      response: schema,
      errors: ['NOT_FOUND'],
    }),
    save: endpoint({
      tags,
      summary: `Save the ${kind} questionnaire lists (201)`,
      params: idParamsSchema,
      body,
      response: schema,
      alsoAnswers: [201],
      errors: ['NOT_FOUND'],
    }),
  };
}

const entryLists = questionnaireLists('entry', buildingQuestionnairesSchema);
const exitLists = questionnaireLists('exit', z.union([buildingQuestionnairesSchema, buildingExitQuestionnairesSchema]));

export const buildingsContract = {
  'GET /building': endpoint({
    tags,
    summary: 'Buildings of the current tenant',
    query: listQuerySchema,
    response: listResponseSchema(buildingSchema),
    errors: ['ERROR_WITH_FILTER', 'TENANT_REQUIRED'],
  }),
  'POST /building': endpoint({
    tags,
    summary: 'Create a building (new-building defaults)',
    body: buildingCreateSchema,
    response: buildingSchema,
    errors: ['TENANT_REQUIRED', 'BUILDING_TENANT_LIMIT_REACHED', 'BUILDING_ID_EXISTS'],
  }),
  'GET /building/dictionaries/:name': endpoint({
    tags,
    summary: "Countries (in the caller's language), time zones, default locales ('locales' is the same list)",
    params: z.object({ name: z.enum(['countries', 'timeZones', 'defaultLocales', 'locales']) }),
    response: z.array(z.object({ value: z.string(), label: z.string() })),
    errors: [],
  }),
  'GET /building/:id': endpoint({
    tags,
    summary: 'One building',
    params: idParamsSchema,
    response: buildingSchema,
    errors: ['NOT_FOUND'],
  }),
  'PATCH /building/:id': buildingChange('Address and contact', buildingAddressSchema),
  'PATCH /building/:id/settings': buildingChange('General settings', buildingSettingsSchema),
  'PATCH /building/:id/checkInForms': buildingChange('The three check-in forms', buildingCheckInFormsSchema),
  'PATCH /building/:id/checkInLogo': endpoint({
    tags,
    summary: 'Upload the check-in logo (multipart, field file): PNG, JPEG or BMP under 2,000,000 bytes',
    params: idParamsSchema,
    consumes: ['multipart/form-data'],
    response: buildingSchema,
    errors: ['NOT_FOUND', 'MISSING', 'MALFORMED_MULTIPART', 'UNSUPPORTED_MEDIA_TYPE', 'sizeTooBig', 'invalidFormat'],
  }),
  'GET /building/:id/questionnaire': entryLists.read,
  'PUT /building/:id/questionnaire': entryLists.save,
  'GET /building/:id/exitQuestionnaire': exitLists.read,
  'PUT /building/:id/exitQuestionnaire': exitLists.save,
  'PATCH /building/:id/deviceTexts': buildingChange('Kiosk success and attention texts', buildingDeviceTextsSchema),
  'PATCH /building/:id/devices': buildingChange('Kiosk device IP whitelist', buildingDevicesSchema),
  'PATCH /building/:id/mobileToken': buildingChange(
    'Mobile token schedule',
    buildingMobileTokenSchema.extend({ id: z.uuid().optional() }),
  ),
  'PATCH /building/:id/refreshMobileToken': endpoint({
    tags,
    summary: 'Generate a new mobile token now',
    params: idParamsSchema,
    response: buildingSchema,
    errors: ['NOT_FOUND'],
  }),
  'DELETE /building/:id': endpoint({
    tags,
    summary: 'Delete a building (refused while it has visits: their history is kept)',
    params: idParamsSchema,
    response: z.object({ id: z.uuid() }),
    errors: ['NOT_FOUND', 'BUILDING_HAS_VISITS'],
  }),
  'GET /public/buildings/:id/checkInLogoImage/:version': endpoint({
    access: 'public',
    tags,
    summary: 'The check-in logo; the version in the path makes it cacheable for a year',
    params: z.object({ id: z.uuid(), version: z.coerce.number().int().min(0) }),
    errors: ['NOT_FOUND'],
  }),
};
