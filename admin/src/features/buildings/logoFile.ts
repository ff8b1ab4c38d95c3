import { BUILDING_LOGO_MAX_BYTES } from '@vestibule/shared';

/** The types a check-in logo may have: PNG, JPEG or BMP (docs/errors.md, `invalidFormat`); BMP has two names. */
export const logoMimeTypes = ['image/png', 'image/jpeg', 'image/bmp', 'image/x-ms-bmp'] as const;
export const logoAccept = 'image/png,image/jpeg,image/bmp,.png,.jpg,.jpeg,.bmp';

export type LogoProblem = 'sizeTooBig' | 'invalidFormat';

/** Why a chosen file cannot be the logo: too big (2,000,000 bytes or more), or not PNG, JPEG or BMP. */
export function logoProblems(file: Pick<File, 'size' | 'type'>): LogoProblem[] {
  const problems: LogoProblem[] = [];
  if (file.size >= BUILDING_LOGO_MAX_BYTES) problems.push('sizeTooBig');
  if (!(logoMimeTypes as readonly string[]).includes(file.type)) problems.push('invalidFormat');
  return problems;
}
