import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

const CHECK_DELAY_MS = 400;
const looksLikeEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type EmailCheckState = 'idle' | 'checking' | 'free' | 'taken';

/**
 * Whether the corporate user's address is already a user's, asked of the server (GET
 * /validateUserEmail) as it is typed, after a short pause. An address that is not one yet is not
 * asked about; a failed check says nothing (the save will).
 */
export function useEmailCheck(email: string, emailFree: (email: string) => Promise<boolean>): EmailCheckState {
  const typed = email.trim();
  const [settled] = useDebouncedValue(typed, CHECK_DELAY_MS);
  const [answer, setAnswer] = useState<{ email: string; free: boolean } | null>(null);
  const asked = settled !== '' && looksLikeEmail.test(settled);

  useEffect(() => {
    if (!asked) return;
    let live = true;
    emailFree(settled).then(
      (free) => live && setAnswer({ email: settled, free }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [emailFree, asked, settled]);

  if (!asked || typed !== settled) return 'idle';
  if (answer?.email !== settled) return 'checking';
  return answer.free ? 'free' : 'taken';
}
