import { peopleUploadReportSchema } from '../schemas/person.ts';
import { endpoint } from './endpoint.ts';

// The people CSV import (the people directory: docs/glossary.md): one multipart call that
// checks every row and reports each refusal at its row and column, and writes the valid rows in
// one transaction unless it is a dry run.

const tags = ['people'];

export const peopleUploadContract = {
  'PATCH /people/upload': endpoint({
    tags,
    summary:
      'Import a CSV of people (multipart: file of at most 5 MB; columns, datesFormat, visitorType, buildingId, defaultDuration, firstRow, ' +
      'dryRun as one JSON field `fields` or one form field each; tenantId, if sent, the current company or, for administrators, ' +
      'another): every row checked, the valid ones written in one transaction (or none on a dry run or once reading ' +
      'stopped at too many errors); people with a known external id are updated',
    consumes: ['multipart/form-data'],
    response: peopleUploadReportSchema,
    errors: [
      'MISSING',
      'MALFORMED_MULTIPART',
      'UNSUPPORTED_MEDIA_TYPE',
      'PEOPLE_UPLOAD_FILE_TOO_BIG',
      'PEOPLE_UPLOAD_INVALID_FILE',
      'PEOPLE_UPLOAD_MISSING_COLUMNS',
      'PEOPLE_UPLOAD_UNKNOWN_BUILDING',
      'PEOPLE_UPLOAD_TOO_MANY_ERRORS',
      'MALFORMED_JSON',
      'NOT_FOUND',
      'PEOPLE_DUPLICATED_EXTERNAL_ID',
    ],
  }),
};
