import {
  SERVICE_BASE,
  type PeopleList,
  type PeopleListQuery,
  type PeopleUploadFields,
  type PeopleUploadReport,
  type Person,
  type PersonInput,
  type PersonPass,
  type PersonStats,
  type PersonUpdate,
} from '@vestibule/shared';
import { pathOf } from '@vestibule/shared/contract';
import { createContext, use } from 'react';
import { api, uploadSession } from '../../api/apiClient.ts';
import { uploadWithProgress } from '../../api/rawCalls.ts';

// The "People" calls of application.md section 7 as the people screen uses them. The screen takes
// this port from PeopleApiContext, so its tests answer with contract-shaped fixtures.

export type PeopleSortColumn = NonNullable<PeopleListQuery['sort']>;

/** A page of the list as the screen asks for it (sort and paging always given). */
export type PeopleListRequest = Omit<PeopleListQuery, 'sort' | 'order' | 'page' | 'limit'> & {
  sort: PeopleSortColumn;
  order: 1 | -1;
  page: number;
  limit: number;
};

export interface PeopleApi {
  list: (query: PeopleListRequest, signal?: AbortSignal) => Promise<PeopleList>;
  create: (person: PersonInput) => Promise<Person>;
  update: (id: string, changes: PersonUpdate) => Promise<Person>;
  remove: (id: string) => Promise<void>;
  stats: (id: string) => Promise<PersonStats>;
  pass: (id: string) => Promise<PersonPass>;
  /** A new identifier: the old pass stops working at once. */
  revokePass: (id: string) => Promise<PersonPass>;
  sendPass: (id: string) => Promise<void>;
  sendLink: (id: string) => Promise<void>;
  /** The list's CSV (same filters), as text. */
  csv: (query: Omit<PeopleListQuery, 'page' | 'limit'>) => Promise<string>;
  /** The CSV import (a dry run when `fields.dryRun`); `onProgress` gets whole percents of the upload. */
  upload: (
    file: File,
    fields: PeopleUploadFields,
    onProgress: (percent: number) => void,
  ) => Promise<PeopleUploadReport>;
}

const appPeopleApi: PeopleApi = {
  list: (query, signal) => api.call('GET /people', { query, signal }),
  create: (person) => api.call('POST /person', { body: person }),
  update: (id, changes) => api.call('PATCH /person/:id', { params: { id }, body: changes }),
  remove: async (id) => {
    await api.call('DELETE /person/:id', { params: { id } });
  },
  stats: (id) => api.call('GET /person/:id/stats', { params: { id } }),
  pass: (id) => api.call('GET /person/:id/pass', { params: { id } }),
  revokePass: (id) => api.call('POST /person/:id/revokePass', { params: { id } }),
  sendPass: async (id) => {
    await api.call('POST /person/:id/sendpass', { params: { id } });
  },
  sendLink: async (id) => {
    await api.call('POST /person/:id/sendlink', { params: { id } });
  },
  csv: async (query) => String(await api.call('GET /people/people.csv', { query })),
  upload: (file, fields, onProgress) => {
    const form = new FormData();
    form.append('fields', JSON.stringify(fields));
    form.append('file', file, file.name);
    const url = `${SERVICE_BASE}${pathOf('PATCH /people/upload')}`;
    return uploadWithProgress<PeopleUploadReport>(uploadSession, url, form, onProgress);
  },
};

/** Tests provide their own port; the app uses the one HTTP client. */
export const PeopleApiContext = createContext<PeopleApi | null>(null);

export function usePeopleApi(): PeopleApi {
  return use(PeopleApiContext) ?? appPeopleApi;
}
