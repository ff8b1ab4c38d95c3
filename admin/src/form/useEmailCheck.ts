import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { api } from '../api/apiClient.ts';

const CHECK_DELAY_MS = 400;
const looksLikeEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type EmailCheckState = 'idle' | 'checking' | 'free' | 'taken';

/**
 * Whether an address is already a user's, asked of the server (GET /validateUserEmail) as it is
 * typed, after a short pause, so a form says so before it is saved. An address that is not one
 * yet, and `ownEmail` (the edited user's own, `userId`), are not asked about; a failed check says
 * nothing (the save will).
 */
export function useEmailCheck(email: string, edited: { ownEmail?: string; userId?: string } = {}): EmailCheckState {
  const { ownEmail = '', userId } = edited;
  const typed = email.trim();
  const [settled] = useDebouncedValue(typed, CHECK_DELAY_MS);
  const [answer, setAnswer] = useState<{ email: string; free: boolean } | null>(null);
  const asked =
    settled !== '' && settled.toLowerCase() !== ownEmail.trim().toLowerCase() && looksLikeEmail.test(settled);

  useEffect(() => {
    if (!asked) return;
    let live = true;
    api.call('GET /validateUserEmail', { query: { email: settled, userId } }).then(
      ({ valid }) => live && setAnswer({ email: settled, free: valid }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId, asked, settled]);

  if (!asked || typed !== settled) return 'idle';
  if (answer?.email !== settled) return 'checking';
  return answer.free ? 'free' : 'taken';
}
