import type { ChangePassword, LoginResponse, Profile, ProfileUpdate } from '@vestibule/shared';
import type { CallOutput, Contract } from '@vestibule/shared/contract';
import { createContext, use } from 'react';
import { api } from '../../api/apiClient.ts';

// The user's own account calls (application.md section 7, "Profile and passwords"), as the profile
// page uses them. The page takes this port from ProfileApiContext, so its tests answer with
// contract-shaped fixtures.

/** The date and time formats a user may choose (GET /preferences/possibleValues). */
export type FormatChoices = CallOutput<Contract['GET /preferences/possibleValues']>;

export interface ProfileApi {
  profile: (signal?: AbortSignal) => Promise<Profile>;
  formatChoices: (signal?: AbortSignal) => Promise<FormatChoices>;
  update: (changes: ProfileUpdate) => Promise<Profile>;
  /** Ends the user's other sessions; this one goes on with the answer's token. */
  changePassword: (change: ChangePassword) => Promise<LoginResponse>;
}

/** The app's one HTTP client: bearer, language, errors, loading dialog. */
const appProfileApi: ProfileApi = {
  profile: (signal) => api.call('GET /profile', { signal }),
  formatChoices: (signal) => api.call('GET /preferences/possibleValues', { signal }),
  update: (changes) => api.call('PATCH /profile', { body: changes }),
  changePassword: (change) => api.call('POST /profile/changePassword', { body: change }),
};

/** Tests provide their own port; the app uses the one HTTP client. */
export const ProfileApiContext = createContext<ProfileApi | null>(null);

export function useProfileApi(): ProfileApi {
  return use(ProfileApiContext) ?? appProfileApi;
}
