import { idParamsSchema, okSchema } from '../schemas/common.ts';
import {
  peopleListQuerySchema,
  peopleListSchema,
  personInputSchema,
  personPassSchema,
  personSchema,
  personStatsSchema,
  personUpdateSchema,
} from '../schemas/person.ts';
import { endpoint } from './endpoint.ts';

// The people directory (docs/roles.md, "Screens and areas", says who manages it). Tenant-scoped; a
// supervisor or user sees the people of their assigned buildings only.

const tags = ['people'];

export const peopleContract = {
  'GET /people': endpoint({
    tokenScope: 'people:read',
    tags,
    summary: 'The directory: paged, sorted, searched (name, e-mail, phone, external id, company), filtered',
    query: peopleListQuerySchema,
    response: peopleListSchema,
    errors: [],
  }),
  'GET /people/people.csv': endpoint({
    tags,
    summary: "The directory as CSV (same filters as the list), headings in the caller's language",
    query: peopleListQuerySchema.omit({ page: true, limit: true }),
    errors: [],
  }),
  'POST /person': endpoint({
    tokenScope: 'people:write',
    tags,
    summary: 'A new person (201); employees need a default duration',
    body: personInputSchema,
    response: personSchema,
    alsoAnswers: [201],
    errors: [
      'NOT_FOUND',
      'PEOPLE_DUPLICATED_EXTERNAL_ID',
      'PEOPLE_DEFAULT_DURATION_REQUIRED',
      'PEOPLE_VALID_TO_BEFORE_VALID_FROM',
    ],
  }),
  'GET /person/:id': endpoint({
    tokenScope: 'people:read',
    tags,
    summary: 'One person',
    params: idParamsSchema,
    response: personSchema,
    errors: ['NOT_FOUND'],
  }),
  'PATCH /person/:id': endpoint({
    tokenScope: 'people:write',
    tags,
    summary: 'Change a person (deactivate with deactivated: true)',
    params: idParamsSchema,
    body: personUpdateSchema,
    response: personSchema,
    errors: [
      'NOT_FOUND',
      'PEOPLE_DUPLICATED_EXTERNAL_ID',
      'PEOPLE_DEFAULT_DURATION_REQUIRED',
      'PEOPLE_VALID_TO_BEFORE_VALID_FROM',
    ],
  }),
  'DELETE /person/:id': endpoint({
    tokenScope: 'people:write',
    tags,
    summary: 'Delete a person (their past visits stay, no longer linked)',
    params: idParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /person/:id/stats': endpoint({
    tags,
    summary: "A person's entries today, yesterday, this week and this month, in their building's time zone",
    params: idParamsSchema,
    response: personStatsSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /person/:id/pass': endpoint({
    tags,
    summary: "A person's access pass: its identifier, QR code (PNG) and personal check-in link",
    params: idParamsSchema,
    response: personPassSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /person/:id/revokePass': endpoint({
    tags,
    summary: 'A new pass identifier: the old pass stops working at once',
    params: idParamsSchema,
    response: personPassSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /person/:id/sendpass': endpoint({
    tags,
    summary: 'E-mail the person their pass, in their language',
    params: idParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND', 'EMAIL_IS_NOT_VALID'],
  }),
  'POST /person/:id/sendlink': endpoint({
    tags,
    summary: 'E-mail the person their personal check-in link, in their language',
    params: idParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND', 'EMAIL_IS_NOT_VALID'],
  }),
};
