import { readJson, readNumber, readString, writeValue } from '../../storage/browserStorage.ts';
import { storageKeys } from '../../storage/storageKeys.ts';
import type { Credentials } from './sessionState.ts';
import { asSessionUser } from './sessionUser.ts';

// A session's user and token as the browser keeps them: the active one, and the administrator's own
// while they are logged in as someone else.

interface CredentialKeys {
  user: string;
  token: string;
  expiration: string;
}

export const activeKeys: CredentialKeys = {
  user: storageKeys.user,
  token: storageKeys.token,
  expiration: storageKeys.tokenExpiration,
};

export const originalKeys: CredentialKeys = {
  user: storageKeys.originalUser,
  token: storageKeys.originalToken,
  expiration: storageKeys.originalTokenExpiration,
};

export function readCredentials(storage: Storage, keys: CredentialKeys): Credentials | null {
  const user = asSessionUser(readJson(storage, keys.user));
  const token = readString(storage, keys.token);
  if (!user || !token) return null;
  return { user, token, tokenExpiration: readNumber(storage, keys.expiration) };
}

export function writeCredentials(storage: Storage, keys: CredentialKeys, credentials: Credentials | null): void {
  writeValue(storage, keys.user, credentials?.user ?? null);
  writeValue(storage, keys.token, credentials?.token ?? null);
  writeValue(storage, keys.expiration, credentials?.tokenExpiration ?? null);
}
