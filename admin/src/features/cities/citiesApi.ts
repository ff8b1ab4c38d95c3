import type { City, CityList } from '@vestibule/shared/contract';
import { createContext, use } from 'react';
import { api } from '../../api/apiClient.ts';

// The cities calls as the Cities screen uses them. The screen takes this port from
// CitiesApiContext, so its tests answer with contract-shaped fixtures.

/** A page of the list as the screen asks for it: by name, A to Z (1) or Z to A (-1). */
export interface CityListRequest {
  order: 1 | -1;
  page: number;
  limit: number;
  search: string | undefined;
}

export interface CitiesApi {
  list: (query: CityListRequest, signal?: AbortSignal) => Promise<CityList>;
  create: (name: string) => Promise<City>;
  rename: (id: string, name: string) => Promise<City>;
  remove: (id: string) => Promise<void>;
}

const appCitiesApi: CitiesApi = {
  list: (query, signal) => api.call('GET /city', { query, signal }),
  create: (name) => api.call('POST /city', { body: { name } }),
  rename: (id, name) => api.call('PATCH /city/:id', { params: { id }, body: { name } }),
  remove: async (id) => {
    await api.call('DELETE /city/:id', { params: { id } });
  },
};

/** Tests provide their own port; the app uses the one HTTP client. */
export const CitiesApiContext = createContext<CitiesApi | null>(null);

export function useCitiesApi(): CitiesApi {
  return use(CitiesApiContext) ?? appCitiesApi;
}
