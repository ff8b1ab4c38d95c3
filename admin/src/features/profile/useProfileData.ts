import type { Profile } from '@vestibule/shared';
import { useEffect, useState } from 'react';
import type { FormatChoices, ProfileApi } from './profileApi.ts';

export interface ProfileData {
  profile: Profile;
  choices: FormatChoices;
}

interface ProfileDataState {
  data: ProfileData | null;
  failed: boolean;
}

/** The profile and the formats to choose from, loaded together; `reload` tries again after a failure. */
export function useProfileData(api: ProfileApi) {
  const [state, setState] = useState<ProfileDataState>({ data: null, failed: false });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([api.profile(controller.signal), api.formatChoices(controller.signal)])
      .then(([profile, choices]) => setState({ data: { profile, choices }, failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, failed: true }));
      });
    return () => controller.abort();
  }, [api, attempt]);

  return {
    ...state,
    reload: () => setAttempt((count) => count + 1),
    /** The profile as the server answered a save. */
    acceptProfile: (profile: Profile) =>
      setState((current) => (current.data ? { ...current, data: { ...current.data, profile } } : current)),
  };
}
