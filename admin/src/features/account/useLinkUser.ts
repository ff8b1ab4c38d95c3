import type { CallOutput, Contract } from '@vestibule/shared/contract';
import { ApiError } from '@vestibule/shared/api';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/apiClient.ts';
import { messageFromError, notifications } from '../notifications/index.ts';

/** Who a one-time link is for: enough to greet them, and whether they must choose a password. */
export type LinkUser = CallOutput<Contract['GET /user/byResetPasswordToken']>;

export type LinkState =
  { status: 'loading' } | { status: 'ready'; user: LinkUser } | { status: 'invalid' } | { status: 'failed' };

type LookupKey = 'GET /user/byResetPasswordToken' | 'GET /user/byVerificationToken';

/**
 * Whom the link's token is for. An unknown, used or expired token (404), or one that is not a
 * token at all (400), is `invalid`: the page says so and shows no form. Any other failure shows
 * its message in the banner, and `retry` asks again.
 */
export function useLinkUser(key: LookupKey, token: string) {
  const [attempt, setAttempt] = useState(0);
  const [lookup, setLookup] = useState<{ token: string; attempt: number; state: LinkState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const settle = (state: LinkState) => setLookup({ token, attempt, state });
    api.call(key, { query: { token }, signal: controller.signal }).then(
      (user) => settle({ status: 'ready', user }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const invalid = error instanceof ApiError && (error.status === 404 || error.status === 400);
        if (!invalid) notifications.showError(messageFromError(error));
        settle({ status: invalid ? 'invalid' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [key, token, attempt]);

  const retry = useCallback(() => {
    notifications.clearBanners();
    setAttempt((current) => current + 1);
  }, []);
  // The link stopped working between the lookup and the submission (used in another tab, expired).
  const expire = useCallback(() => setLookup({ token, attempt, state: { status: 'invalid' } }), [token, attempt]);
  const link: LinkState = lookup?.token === token && lookup.attempt === attempt ? lookup.state : { status: 'loading' };
  return { link, retry, expire };
}
