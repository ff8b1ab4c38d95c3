import { type ErrorCode, statusOf } from '@vestibule/shared';

/** A refusal with a code from the catalogue; the error handler answers it with the catalogue's status. */
export class AppError extends Error {
  readonly errorCode: ErrorCode;
  readonly status: number;
  readonly params: Record<string, string | number> | undefined;

  constructor(errorCode: ErrorCode, params?: Record<string, string | number>, status?: number) {
    super(errorCode);
    this.name = 'AppError';
    this.errorCode = errorCode;
    this.params = params;
    this.status = status ?? statusOf(errorCode);
  }
}

export function notFound(): AppError {
  return new AppError('NOT_FOUND');
}
