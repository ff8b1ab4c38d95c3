import { SERVICE_BASE, type Building } from '@vestibule/shared';
import { type CallBody, type CallOutput, type CallParams, type Contract, pathOf } from '@vestibule/shared/contract';
import { api } from '../../api/apiClient.ts';
import { fetchPicture } from '../../api/picture.ts';
import { upload } from '../../api/upload.ts';

// The building screens' calls that need more than naming (the logo upload, the camera picture, the
// city names) and the contract's types they share. The screens make the other calls with api.call.

export const buildingSortColumns = ['name', 'city', 'externalId', 'updatedAt'] as const;
export type BuildingSortColumn = (typeof buildingSortColumns)[number];

/** An answer of the contract, by its key. */
type Answer<K extends keyof Contract> = CallOutput<Contract[K]>;

/** Address and contact as the create and update calls take them. */
export type BuildingAddressInput = CallBody<Contract['PATCH /building/:id']>;

export type QuestionnaireKind = 'entry' | 'exit';
/** The entry or the exit questionnaires per person type (both calls answer this shape). */
export type QuestionnaireLists = Answer<'GET /building/:id/questionnaire'>;
export type QuestionnaireRef = Answer<'GET /questionnaire/all'>[number];
export type DictionaryEntry = Answer<'GET /building/dictionaries/:name'>[number];
export type DictionaryName = CallParams<Contract['GET /building/dictionaries/:name']>['name'];

/** How often the building's mobile token changes, and when it changes next. */
export type MobileTokenSchedule = Omit<CallBody<Contract['PATCH /building/:id/mobileToken']>, 'id'>;

/** GET /service/building/{id}/devices: the building's kiosks and the entries still to resolve. */
export type BuildingKiosks = Answer<'GET /building/:id/devices'>;
/** A kiosk that has synced with the server: its last contact and what it reported. */
export type KioskDevice = BuildingKiosks['devices'][number];
/** A check-in or check-out a kiosk took offline that the server refused. */
export type RejectedKioskEntry = BuildingKiosks['rejected'][number];

/** The public address of a building's check-in logo; the version in the path busts caches. */
export function logoImageUrl(building: Pick<Building, 'id' | 'checkInLogoVersion'>): string {
  const params = { id: building.id, version: building.checkInLogoVersion };
  return `${SERVICE_BASE}${pathOf('GET /public/buildings/:id/checkInLogoImage/:version', params)}`;
}

/** Sends the check-in logo (multipart, the file alone); `onProgress` gets whole percents from 0 to 100. */
export function uploadBuildingLogo(id: string, file: File, onProgress: (percent: number) => void) {
  return upload('PATCH /building/:id/checkInLogo', { params: { id }, file, onProgress });
}

/** A fresh picture from a camera (the timestamp defeats caches); rejects with CAMERA_UNREACHABLE and the like. */
export function cameraPicture(id: string): Promise<Blob> {
  return fetchPicture('GET /camera/picture/:id', { params: { id }, query: { x: String(Date.now()) } });
}

/** The company's city names (GET /city), which the address's city field suggests. */
export async function cityNames(): Promise<string[]> {
  return (await api.call('GET /city', { query: {} })).docs.map((city) => city.name);
}
