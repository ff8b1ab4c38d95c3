import {
  SERVICE_BASE,
  type Building,
  type BuildingCheckInForms,
  type BuildingSettings,
  type Camera,
  type CameraInfo,
  type CameraInput,
  type CreateEnrolmentResponse,
} from '@vestibule/shared';
import { ApiError, type ApiClient } from '@vestibule/shared/api';
import { type CallBody, type CallOutput, type CallParams, type Contract, pathOf } from '@vestibule/shared/contract';
import {
  type RawCallContext,
  authHeaders,
  errorFromAnswer,
  parseJson,
  uploadWithProgress,
} from '../../api/rawCalls.ts';

// The calls of the buildings document, section 7, as the building screens use them. The
// screens get this port from BuildingsApiContext, so component tests can answer with
// contract-shaped fixtures.

export type SortOrder = 1 | -1;
export const buildingSortColumns = ['name', 'city', 'externalId', 'updatedAt'] as const;
export type BuildingSortColumn = (typeof buildingSortColumns)[number];

export interface BuildingListQuery {
  sort: BuildingSortColumn;
  order: SortOrder;
  page: number;
  limit: number;
  search: string;
}

/** An answer of the contract, by its key. */
type Answer<K extends keyof Contract> = CallOutput<Contract[K]>;

export type BuildingList = Answer<'GET /building'>;

/** Address and contact as the create and update calls take them. */
export type BuildingAddressInput = CallBody<Contract['PATCH /building/:id']>;

export type QuestionnaireKind = 'entry' | 'exit';

export type EntryQuestionnaireLists = Answer<'GET /building/:id/questionnaire'>;
export type ExitQuestionnaireLists = Answer<'GET /building/:id/exitQuestionnaire'>;

export type QuestionnaireLists<K extends QuestionnaireKind> = K extends 'entry'
  ? EntryQuestionnaireLists
  : ExitQuestionnaireLists;

export type QuestionnaireRef = Answer<'GET /questionnaire/all'>[number];
export type DictionaryEntry = Answer<'GET /building/dictionaries/:name'>[number];
export type DictionaryName = CallParams<Contract['GET /building/dictionaries/:name']>['name'];

export interface MobileTokenSchedule {
  mobileTokenChangeDays: number;
  mobileTokenNextRefreshAt: string;
}

/** GET /service/building/{id}/devices: the building's kiosks and the entries still to resolve. */
export type BuildingKiosks = CallOutput<Contract['GET /building/:id/devices']>;
/** A kiosk that has synced with the server: its last contact and what it reported. */
export type KioskDevice = BuildingKiosks['devices'][number];
/** A check-in or check-out a kiosk took offline that the server refused. */
export type RejectedKioskEntry = BuildingKiosks['rejected'][number];

export interface BuildingsApi {
  list: (query: BuildingListQuery) => Promise<BuildingList>;
  get: (id: string) => Promise<Building>;
  create: (input: BuildingAddressInput & { tenantId?: string }) => Promise<Building>;
  updateAddress: (id: string, input: BuildingAddressInput) => Promise<Building>;
  updateSettings: (id: string, settings: BuildingSettings) => Promise<Building>;
  updateCheckInForms: (id: string, forms: BuildingCheckInForms) => Promise<Building>;
  /** Multipart upload; `onProgress` gets whole percents from 0 to 100. */
  uploadLogo: (id: string, file: File, onProgress: (percent: number) => void) => Promise<Building>;
  questionnaires: <K extends QuestionnaireKind>(id: string, kind: K) => Promise<QuestionnaireLists<K>>;
  saveQuestionnaires: <K extends QuestionnaireKind>(
    id: string,
    kind: K,
    lists: QuestionnaireLists<K>,
  ) => Promise<QuestionnaireLists<K>>;
  allQuestionnaires: () => Promise<QuestionnaireRef[]>;
  /** The company's city names (GET /city), which the address's city field suggests. */
  cityNames: () => Promise<string[]>;
  updateDeviceTexts: (
    id: string,
    texts: { devicesSuccessText: string; devicesAttentionText: string },
  ) => Promise<Building>;
  updateDevices: (id: string, devicesIds: string) => Promise<Building>;
  updateMobileToken: (id: string, schedule: MobileTokenSchedule) => Promise<Building>;
  refreshMobileToken: (id: string) => Promise<Building>;
  remove: (id: string) => Promise<void>;
  dictionary: (name: DictionaryName) => Promise<DictionaryEntry[]>;
  cameras: (buildingId: string) => Promise<Camera[]>;
  addCamera: (buildingId: string, camera: CameraInput) => Promise<Camera[]>;
  editCamera: (id: string, camera: CameraInput) => Promise<Camera[]>;
  removeCamera: (id: string) => Promise<Camera[]>;
  cameraInfo: (id: string) => Promise<CameraInfo>;
  /** A fresh picture (the timestamp defeats caches); rejects with CAMERA_UNREACHABLE and the like. */
  cameraPicture: (id: string) => Promise<Blob>;
  kiosks: (buildingId: string) => Promise<BuildingKiosks>;
  resolveRejectedEntry: (mutationId: string) => Promise<{ mutationId: string }>;
  /** A one-time enrolment code (15 minutes) and the link its QR code carries. */
  createKioskEnrolment: (buildingId: string, name: string) => Promise<CreateEnrolmentResponse>;
  renameKiosk: (buildingId: string, deviceId: string, name: string) => Promise<{ deviceId: string; name: string }>;
  revokeKiosk: (buildingId: string, deviceId: string) => Promise<{ deviceId: string; revokedAt: string }>;
}

/** The public address of a building's check-in logo; the version in the path busts caches. */
export function logoImageUrl(building: Pick<Building, 'id' | 'checkInLogoVersion'>): string {
  const params = { id: building.id, version: building.checkInLogoVersion };
  return `${SERVICE_BASE}${pathOf('GET /public/buildings/:id/checkInLogoImage/:version', params)}`;
}

export function createBuildingsApi(client: ApiClient, raw: RawCallContext): BuildingsApi {
  return {
    list: (query) => client.call('GET /building', { query }),
    get: (id) => client.call('GET /building/:id', { params: { id } }),
    create: (input) => client.call('POST /building', { body: input }),
    updateAddress: (id, input) => client.call('PATCH /building/:id', { params: { id }, body: input }),
    updateSettings: (id, settings) => client.call('PATCH /building/:id/settings', { params: { id }, body: settings }),
    updateCheckInForms: (id, forms) => client.call('PATCH /building/:id/checkInForms', { params: { id }, body: forms }),
    uploadLogo: (id, file, onProgress) =>
      uploadWithProgress<Building>(
        raw,
        `${SERVICE_BASE}${pathOf('PATCH /building/:id/checkInLogo', { id })}`,
        fileForm(file),
        onProgress,
      ),
    questionnaires: <K extends QuestionnaireKind>(id: string, kind: K) =>
      (kind === 'entry'
        ? client.call('GET /building/:id/questionnaire', { params: { id } })
        : client.call('GET /building/:id/exitQuestionnaire', { params: { id } })) as Promise<QuestionnaireLists<K>>,
    saveQuestionnaires: <K extends QuestionnaireKind>(id: string, kind: K, lists: QuestionnaireLists<K>) =>
      (kind === 'entry'
        ? client.call('PUT /building/:id/questionnaire', { params: { id }, body: lists as EntryQuestionnaireLists })
        : client.call('PUT /building/:id/exitQuestionnaire', {
            params: { id },
            body: lists as ExitQuestionnaireLists,
          })) as Promise<QuestionnaireLists<K>>,
    allQuestionnaires: () => client.call('GET /questionnaire/all'),
    cityNames: async () => (await client.call('GET /city', { query: {} })).docs.map((city) => city.name),
    updateDeviceTexts: (id, texts) => client.call('PATCH /building/:id/deviceTexts', { params: { id }, body: texts }),
    updateDevices: (id, devicesIds) =>
      client.call('PATCH /building/:id/devices', { params: { id }, body: { devicesIds } }),
    updateMobileToken: (id, schedule) =>
      client.call('PATCH /building/:id/mobileToken', { params: { id }, body: { id, ...schedule } }),
    refreshMobileToken: (id) => client.call('PATCH /building/:id/refreshMobileToken', { params: { id } }),
    remove: async (id) => {
      await client.call('DELETE /building/:id', { params: { id } });
    },
    dictionary: (name) => client.call('GET /building/dictionaries/:name', { params: { name } }),
    cameras: (buildingId) => client.call('GET /camera/:buildingId', { params: { buildingId } }),
    addCamera: (buildingId, camera) =>
      client.call('POST /camera/:buildingId', { params: { buildingId }, body: camera }),
    editCamera: (id, camera) => client.call('PATCH /camera/:id', { params: { id }, body: camera }),
    removeCamera: (id) => client.call('DELETE /camera/:id', { params: { id } }),
    cameraInfo: (id) => client.call('GET /camera/info/:id', { params: { id } }),
    cameraPicture: (id) =>
      fetchPicture(raw, `${SERVICE_BASE}${pathOf('GET /camera/picture/:id', { id })}?x=${Date.now()}`),
    kiosks: (buildingId) => client.call('GET /building/:id/devices', { params: { id: buildingId } }),
    resolveRejectedEntry: (mutationId) =>
      client.call('PATCH /sync/rejected/:mutationId/resolve', { params: { mutationId } }),
    createKioskEnrolment: (buildingId, name) =>
      client.call('POST /building/:id/devices/enrolments', { params: { id: buildingId }, body: { name } }),
    renameKiosk: (buildingId, deviceId, name) =>
      client.call('PATCH /building/:id/devices/:deviceId', { params: { id: buildingId, deviceId }, body: { name } }),
    revokeKiosk: (buildingId, deviceId) =>
      client.call('POST /building/:id/devices/:deviceId/revoke', { params: { id: buildingId, deviceId } }),
  };
}

/** The logo's multipart form: the file alone. */
function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** The camera picture is an image behind the bearer token, so it is fetched, not linked. */
async function fetchPicture(raw: RawCallContext, url: string): Promise<Blob> {
  raw.onActivity(1);
  try {
    let response: Response;
    try {
      response = await fetch(url, { headers: { ...authHeaders(raw), Accept: 'image/*' } });
    } catch (error) {
      throw new ApiError(0, 'SERVER_CONNECTION_ERROR', error instanceof Error ? error.message : 'network');
    }
    if (!response.ok) {
      const error = errorFromAnswer(response.status, parseJson(await response.text()), response.statusText);
      if (response.status === 401 || response.status === 403) raw.onAuthFailure(error);
      throw error;
    }
    return await response.blob();
  } finally {
    raw.onActivity(-1);
  }
}
