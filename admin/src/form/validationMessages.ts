import { isErrorCode } from '@vestibule/shared';
import type { TFunction } from 'i18next';

/** The parts of a zod issue the messages need (zod's own issue types satisfy it). */
export interface FieldIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly input?: unknown;
  readonly origin?: string;
  readonly format?: string;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly params?: Record<string, unknown>;
  readonly errors?: readonly (readonly FieldIssue[])[];
}

/** Anything with zod's safeParse: the shared schemas. */
export interface Validator<Out> {
  safeParse: (
    value: unknown,
  ) => { success: true; data: Out } | { success: false; error: { issues: readonly FieldIssue[] } };
}

export function pathKey(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The branch of a union that explains the refusal: not the "or empty" literal branch. */
function unionCause(issue: FieldIssue): FieldIssue | undefined {
  for (const branch of issue.errors ?? []) {
    const cause = branch.find((candidate) => candidate.code !== 'invalid_value');
    if (cause) return cause;
  }
  return undefined;
}

function bound(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

/**
 * A translated message for a zod issue of the shared schemas: lengths, formats, required
 * values, and the catalogue code that the schema's custom rules carry.
 */
export function issueMessage(issue: FieldIssue, value: unknown, t: TFunction): string {
  const errorCode = issue.params?.errorCode;
  if (issue.code === 'custom' && isErrorCode(errorCode)) {
    if (errorCode === 'MISSING' || errorCode === 'IS_EMPTY') return t('common.validation.required');
    if (errorCode === 'VALIDATION_FAILED') return t('buildings.validation.invalid');
    return t(`errors.${errorCode}`, { field: pathKey(issue.path) });
  }
  if (isEmpty(value) && issue.code !== 'too_big') return t('common.validation.required');
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return t('common.validation.minLength', { min: bound(issue.minimum) });
      return t('common.validation.minValue');
    case 'too_big':
      if (issue.origin === 'string') return t('common.validation.maxLength', { max: bound(issue.maximum) });
      if (issue.origin === 'array') return t('buildings.validation.tooMany', { max: bound(issue.maximum) });
      return t('common.validation.maxValue');
    case 'invalid_format':
      if (issue.format === 'email') return t('common.validation.email');
      return t('buildings.validation.format');
    case 'invalid_union': {
      const cause = unionCause(issue);
      return cause ? issueMessage(cause, value, t) : t('buildings.validation.invalid');
    }
    case 'invalid_type':
    case 'invalid_value':
      return t('buildings.validation.invalid');
    default:
      return t('buildings.validation.invalid');
  }
}
