import type { UserListQuery } from '@vestibule/shared';
import { api } from '../../api/apiClient.ts';

// The users calls that need more than naming; the screens make the others with api.call directly.

export type UserSortColumn = NonNullable<UserListQuery['sort']>;

/** The list's CSV (same filters), as text. */
export async function usersCsv(query: Omit<UserListQuery, 'page' | 'limit'>): Promise<string> {
  return String(await api.call('GET /users/users.csv', { query }));
}
