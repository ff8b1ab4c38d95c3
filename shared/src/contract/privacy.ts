import { z } from 'zod';
import { locales } from '../constants.ts';
import { idParamsSchema, okSchema } from '../schemas/common.ts';
import {
  privacyNoticePublishSchema,
  privacyNoticeSchema,
  privacyNoticesSchema,
  publicPrivacyNoticeSchema,
} from '../schemas/privacyNotice.ts';
import { publicIdentifierParamsSchema } from '../schemas/publicVisit.ts';
import { retentionDueSchema, retentionSettingsSchema, retentionUpdateSchema } from '../schemas/retention.ts';
import {
  subjectErasedSchema,
  subjectSearchQuerySchema,
  subjectSearchResultSchema,
  subjectSelectionSchema,
} from '../schemas/subjectRequest.ts';
import { visitorDataSchema } from '../schemas/visitorData.ts';
import type { ErrorCode } from '../errors.ts';
import { endpoint } from './endpoint.ts';

/** Unknown, refused at the door or erased: no data; not over yet: not yet. */
const visitorDataErrors = ['NOT_FOUND', 'MEETING_NOT_CHECKED_OUT'] as const satisfies readonly ErrorCode[];

const tags = ['privacy'];

export const privacyContract = {
  'GET /privacy/retention': endpoint({
    tags,
    summary: "The company's retention periods, its buildings' own, and what the next run would erase",
    response: retentionSettingsSchema,
    errors: [],
  }),
  'PUT /privacy/retention': endpoint({
    tags,
    summary: "Set the company's retention periods and its buildings' own (a building left out keeps the company's)",
    body: retentionUpdateSchema,
    response: retentionSettingsSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /privacy/retention/preview': endpoint({
    tags,
    summary: 'What the next run would erase under these periods, counted now; nothing is saved',
    body: retentionUpdateSchema,
    response: retentionDueSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /visitorData/:publicIdentifier': endpoint({
    access: 'public',
    tags,
    summary:
      'What a visit stores about its visitor, for the visitor, once the visit is over (checked out or cancelled)',
    params: publicIdentifierParamsSchema,
    response: visitorDataSchema,
    errors: visitorDataErrors,
  }),
  'GET /visitorData/:publicIdentifier/visit.json': endpoint({
    access: 'public',
    tags,
    summary: 'The same as a JSON file to keep (a download)',
    params: publicIdentifierParamsSchema,
    errors: visitorDataErrors,
  }),
  'GET /visitorData/:publicIdentifier/visit.html': endpoint({
    access: 'public',
    tags,
    summary: "The same as a readable page to keep or print (a download), in the visitor's language",
    params: publicIdentifierParamsSchema,
    query: z.object({ lang: z.enum(locales).optional() }),
    errors: visitorDataErrors,
  }),
  'DELETE /visitorData/:publicIdentifier': endpoint({
    access: 'public',
    tags,
    summary:
      'The visitor erases what the visit stores about them: it is anonymised at once, its link then shows nothing',
    params: publicIdentifierParamsSchema,
    response: okSchema,
    errors: visitorDataErrors,
  }),
  'GET /privacy/notice': endpoint({
    tags,
    summary: "The company's privacy notice in force and its versions",
    response: privacyNoticesSchema,
    errors: [],
  }),
  'POST /privacy/notice': endpoint({
    tags,
    summary: 'Publish a new version of the privacy notice (201); the visitor pages and the kiosks show it from then on',
    body: privacyNoticePublishSchema,
    response: privacyNoticeSchema,
    alsoAnswers: [201],
    errors: ['IS_EMPTY', 'VALIDATION_FAILED'],
  }),
  'GET /privacy/subjects': endpoint({
    tags,
    summary: "Find what the company holds about one person: visits and invitations, the directory, bookings' guests",
    query: subjectSearchQuerySchema,
    response: subjectSearchResultSchema,
    errors: [],
  }),
  'POST /privacy/subjects/export': endpoint({
    tags,
    summary: 'Everything about the chosen records as one ZIP archive: the data as JSON and a readable summary',
    body: subjectSelectionSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /privacy/subjects/erase': endpoint({
    tags,
    summary: 'Erase the chosen records: visits anonymised (an expected one cancelled first), people and guests removed',
    body: subjectSelectionSchema,
    response: subjectErasedSchema,
    errors: ['NOT_FOUND', 'MEETING_NOT_CHECKED_OUT'],
  }),
  'GET /privacyNotice/:id': endpoint({
    access: 'public',
    tags,
    summary: "The privacy notice in force of a building's company, for the visitor's pages",
    params: idParamsSchema,
    response: publicPrivacyNoticeSchema,
    errors: ['NOT_FOUND'],
  }),
};
