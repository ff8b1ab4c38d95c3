import { isErrorCode, type ErrorCode } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ServerFieldErrors<F extends string> {
  /** The id to give the form: the focus goes to its first refused field. */
  formId: string;
  /** The message to show under the field, if the server refused it. */
  message: (field: F) => string | undefined;
  clear: (field: F) => void;
  reset: () => void;
  /**
   * Puts a refusal on its fields and gives the first of them the focus; false when it concerns
   * none of them (a banner says it then).
   */
  place: (error: unknown) => boolean;
}

/**
 * The server's refusals of a form, each on the field it concerns: the validation issues it lists
 * by path, and the codes the form ties to a field (`OLD_PASSWORD_NOT_MATCH` on the current
 * password). A field's message goes away as soon as the field is changed.
 */
export function useServerFieldErrors<F extends string>(
  fields: readonly F[],
  fieldOfCode: Partial<Record<ErrorCode, F>> = {},
): ServerFieldErrors<F> {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<Partial<Record<F, ErrorCode>>>({});
  const formId = useId();

  const isField = (path: string): path is F => (fields as readonly string[]).includes(path);

  return {
    formId,
    message(field: F): string | undefined {
      const code: ErrorCode | undefined = codes[field];
      if (code === undefined) return undefined;
      return code === 'MISSING' || code === 'IS_EMPTY' ? t('common.validation.required') : t(`errors.${code}`);
    },
    clear(field: F): void {
      setCodes((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
    },
    reset(): void {
      setCodes({});
    },
    place(error: unknown): boolean {
      if (!(error instanceof ApiError)) return false;
      const found: Partial<Record<F, ErrorCode>> = {};
      const byCode = fieldOfCode[error.errorCode];
      if (byCode) found[byCode] = error.errorCode;
      for (const issue of issuesOf(error.body)) {
        if (isField(issue.path) && found[issue.path] === undefined) found[issue.path] = issue.errorCode;
      }
      setCodes(found);
      if (Object.keys(found).length === 0) return false;
      // After React has drawn the messages, as the form does for its own.
      setTimeout(
        () => document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        0,
      );
      return true;
    },
  };
}

/** The validation issues of an error answer (`issues: [{ path, errorCode }]`), the well-formed ones. */
function issuesOf(body: unknown): { path: string; errorCode: ErrorCode }[] {
  if (body === null || typeof body !== 'object' || !('issues' in body) || !Array.isArray(body.issues)) return [];
  return body.issues.flatMap((issue: unknown) => {
    if (issue === null || typeof issue !== 'object') return [];
    const { path, errorCode } = issue as { path?: unknown; errorCode?: unknown };
    return typeof path === 'string' && isErrorCode(errorCode) ? [{ path, errorCode }] : [];
  });
}
