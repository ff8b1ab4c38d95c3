import type { PeopleListQuery, PeopleUploadFields } from '@vestibule/shared';
import { api } from '../../api/apiClient.ts';
import { upload } from '../../api/upload.ts';

// The people calls that need more than naming (the CSV as text, the import's form); the screens
// make the others with api.call directly.

export type PeopleSortColumn = NonNullable<PeopleListQuery['sort']>;

/** The list's CSV (same filters), as text. */
export async function peopleCsv(query: Omit<PeopleListQuery, 'page' | 'limit'>): Promise<string> {
  return String(await api.call('GET /people/people.csv', { query }));
}

/** The CSV import (a dry run when `fields.dryRun`); `onProgress` gets whole percents of the upload. */
export function uploadPeople(file: File, fields: PeopleUploadFields, onProgress: (percent: number) => void) {
  return upload('PATCH /people/upload', { file, fields: { fields: JSON.stringify(fields) }, onProgress });
}
