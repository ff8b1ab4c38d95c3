import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useUsersApi } from './usersApi.ts';

const CHECK_DELAY_MS = 400;
const looksLikeEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type EmailCheckState = 'idle' | 'checking' | 'free' | 'taken';

/**
 * Whether an address is already another user's, asked of the server as it is typed (after a short
 * pause): the dialog says so under the field before the user saves. The user's own address, and an
 * address that is not one yet, are not asked about.
 */
export function useEmailCheck(email: string, userId: string | undefined, ownEmail: string): { state: EmailCheckState } {
  const api = useUsersApi();
  const typed = email.trim();
  const [settled] = useDebouncedValue(typed, CHECK_DELAY_MS);
  const [answer, setAnswer] = useState<{ email: string; free: boolean } | null>(null);
  const asked =
    settled !== '' && settled.toLowerCase() !== ownEmail.trim().toLowerCase() && looksLikeEmail.test(settled);

  useEffect(() => {
    if (!asked) return;
    let live = true;
    api.emailFree(settled, userId).then(
      (free) => live && setAnswer({ email: settled, free }),
      // The save will say what is wrong; the check only helps.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, asked, settled, userId]);

  // Still typing, or nothing to ask: no verdict yet.
  if (!asked || typed !== settled) return { state: 'idle' };
  if (answer?.email !== settled) return { state: 'checking' };
  return { state: answer.free ? 'free' : 'taken' };
}
