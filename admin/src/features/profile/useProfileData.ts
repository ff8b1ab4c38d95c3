import type { Profile } from '@vestibule/shared';
import type { CallOutput, Contract } from '@vestibule/shared/contract';
import { useEffect, useState } from 'react';
import { api } from '../../api/apiClient.ts';

/** The date and time formats a user may choose (GET /preferences/possibleValues). */
export type FormatChoices = CallOutput<Contract['GET /preferences/possibleValues']>;

export interface ProfileData {
  profile: Profile;
  choices: FormatChoices;
}

interface ProfileDataState {
  data: ProfileData | null;
  failed: boolean;
}

/** The profile and the formats to choose from, loaded together; `reload` tries again after a failure. */
export function useProfileData() {
  const [state, setState] = useState<ProfileDataState>({ data: null, failed: false });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      api.call('GET /profile', { signal: controller.signal }),
      api.call('GET /preferences/possibleValues', { signal: controller.signal }),
    ])
      .then(([profile, choices]) => setState({ data: { profile, choices }, failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, failed: true }));
      });
    return () => controller.abort();
  }, [attempt]);

  return {
    ...state,
    reload: () => setAttempt((count) => count + 1),
    /** The profile as the server answered a save. */
    acceptProfile: (profile: Profile) =>
      setState((current) => (current.data ? { ...current, data: { ...current.data, profile } } : current)),
  };
}
