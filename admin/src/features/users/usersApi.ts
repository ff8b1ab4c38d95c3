import type { User, UserCreate, UserListQuery, UserUpdate } from '@vestibule/shared';
import type { CallOutput, Contract } from '@vestibule/shared/contract';
import { createContext, use } from 'react';
import { api } from '../../api/apiClient.ts';

// The "Users and tenants" calls of application.md section 7 as the users screen uses them. The
// screen takes this port from UsersApiContext, so its tests answer with contract-shaped fixtures.

export type UserList = CallOutput<Contract['GET /user']>;
export type AssignedBuilding = CallOutput<Contract['GET /user/:id/buildings']>[number];
export type UserSortColumn = NonNullable<UserListQuery['sort']>;

/** A page of the list as the screen asks for it (sort and paging always given). */
export type UserListRequest = Omit<UserListQuery, 'sort' | 'order' | 'page' | 'limit'> & {
  sort: UserSortColumn;
  order: 1 | -1;
  page: number;
  limit: number;
};

export interface UsersApi {
  list: (query: UserListRequest, signal?: AbortSignal) => Promise<UserList>;
  create: (user: UserCreate) => Promise<User>;
  update: (id: string, changes: UserUpdate) => Promise<User>;
  remove: (id: string) => Promise<void>;
  /** Whether the address is free (`userId`: the user being edited keeps their own). */
  emailFree: (email: string, userId?: string) => Promise<boolean>;
  buildingsOf: (id: string) => Promise<AssignedBuilding[]>;
  assign: (userId: string, buildingId: string, operation: 'assign' | 'unassign') => Promise<void>;
  /** The administrator sets a password; the user's sessions end. */
  setPassword: (id: string, password: string, confirmPassword: string) => Promise<void>;
  /** The user gets a link to choose a new password. */
  sendResetLink: (id: string) => Promise<void>;
  /** The list's CSV (same filters), as text. */
  csv: (query: Omit<UserListQuery, 'page' | 'limit'>) => Promise<string>;
}

const appUsersApi: UsersApi = {
  list: (query, signal) => api.call('GET /user', { query, signal }),
  create: (user) => api.call('POST /user', { body: user }),
  update: (id, changes) => api.call('PATCH /user/:id', { params: { id }, body: changes }),
  remove: async (id) => {
    await api.call('DELETE /user/:id', { params: { id } });
  },
  emailFree: async (email, userId) => (await api.call('GET /validateUserEmail', { query: { email, userId } })).valid,
  buildingsOf: (id) => api.call('GET /user/:id/buildings', { params: { id } }),
  assign: async (userId, buildingId, operation) => {
    await api.call('POST /user/:userId/buildings/:buildingId/:operation', {
      params: { userId, buildingId, operation },
    });
  },
  setPassword: async (id, password, confirmPassword) => {
    await api.call('POST /user/:id/changePassword', { params: { id }, body: { password, confirmPassword } });
  },
  sendResetLink: async (id) => {
    await api.call('POST /user/:id/resetPassword', { params: { id } });
  },
  csv: async (query) => String(await api.call('GET /users/users.csv', { query })),
};

/** Tests provide their own port; the app uses the one HTTP client. */
export const UsersApiContext = createContext<UsersApi | null>(null);

export function useUsersApi(): UsersApi {
  return use(UsersApiContext) ?? appUsersApi;
}
