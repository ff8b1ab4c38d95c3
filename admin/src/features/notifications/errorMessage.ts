import { LOGIN_BLOCK_MINUTES, type ErrorCode } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import type { NoticeMessage } from './notification.store.ts';

/** Placeholder values used when the server does not send them. */
const defaultParams: Partial<Record<ErrorCode, Record<string, string | number>>> = {
  BLOCKED_USER: { minutes: LOGIN_BLOCK_MINUTES },
};

/**
 * The banner message for a failed call (docs/errors.md): the catalogue text of
 * the error code in the user's language, the server's message when the code has no text,
 * SERVER_CONNECTION_ERROR for network faults and SERVER_TIMEOUT_CONNECTION_ERROR otherwise.
 */
export function messageFromError(error: unknown): NoticeMessage {
  if (error instanceof ApiError) {
    const params = { ...defaultParams[error.errorCode], ...error.params };
    return { key: `errors.${error.errorCode}`, params, fallback: error.message || undefined };
  }
  return { key: 'errors.SERVER_TIMEOUT_CONNECTION_ERROR' };
}
