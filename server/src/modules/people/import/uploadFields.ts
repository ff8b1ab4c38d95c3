// The fields of a people upload besides its file, as a multipart form sends them: all in one
// JSON field `fields`, or one form field each (columns as JSON, firstRow as digits, dryRun as
// true/false); a form field given both ways wins over the JSON. A bad field is a 400 with a
// catalogue code naming it.
import { type ErrorCode, type PeopleUploadFields, peopleUploadFieldsSchema } from '@vestibule/shared';
import { AppError } from '../../../errors.ts';

/** The form fields an upload reads (the file is `file`; tenantId names the company). */
export const uploadFormFields = [
  'fields',
  'columns',
  'datesFormat',
  'visitorType',
  'buildingId',
  'defaultDuration',
  'firstRow',
  'dryRun',
] as const;

function json(text: string, field: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('MALFORMED_JSON', { field });
  }
}

/** A form field's text as the schema expects it. */
function valueOf(name: string, text: string): unknown {
  switch (name) {
    case 'columns':
      return json(text, name);
    case 'firstRow':
    case 'defaultDuration':
      return /^\s*\d+\s*$/.test(text) ? Number(text) : text;
    case 'dryRun':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'visitorType':
    case 'buildingId':
      return text === '' ? undefined : text;
    default:
      return text;
  }
}

/**
 * The upload's fields from the form's texts. Without dryRun the file is imported: dryRun is an
 * addition, so a client that does not send it gets the import.
 */
export function parseUploadFields(form: Readonly<Record<string, string>>): PeopleUploadFields {
  const given: Record<string, unknown> = {};
  if (form.fields !== undefined) {
    const parsed = json(form.fields, 'fields');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new AppError('VALIDATION_FAILED', { field: 'fields' });
    }
    Object.assign(given, parsed);
  }
  for (const name of uploadFormFields) {
    const text = form[name];
    if (name !== 'fields' && text !== undefined) given[name] = valueOf(name, text);
  }
  given.dryRun ??= false;
  const result = peopleUploadFieldsSchema.safeParse(given);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'fields';
  const code: ErrorCode =
    issue?.code === 'invalid_type' && given[issue.path[0] as string] === undefined ? 'MISSING' : 'VALIDATION_FAILED';
  throw new AppError(code, { field });
}
