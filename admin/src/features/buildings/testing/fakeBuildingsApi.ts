import {
  buildingSchema,
  newBuildingCheckInForms,
  newBuildingSettings,
  type Building,
  type Camera,
} from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { vi } from 'vitest';
import type { BuildingKiosks, BuildingsApi, KioskDevice, RejectedKioskEntry } from '../buildingsApi.ts';

// Answers shaped as the server contract gives them (the shared building schema parses every
// fixture), for the component tests of the building screens.

export const tenantRef = { id: '0190a8f2-0000-7000-8000-000000000001', name: 'Acme Corporation' };
let sequence = 0;

export function buildingFixture(overrides: Partial<Building> = {}): Building {
  sequence += 1;
  const id = `0190a8f2-0000-7000-8000-${String(sequence).padStart(12, '0')}`;
  return buildingSchema.parse({
    id,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-02T10:30:00.000Z',
    tenant: tenantRef,
    name: 'Head office',
    address1: '100 King Street West',
    address2: null,
    city: 'Toronto',
    zip: 'M5X 1A9',
    state: 'ON',
    countryCode: 'CA',
    phone: null,
    email: null,
    externalId: null,
    pinCode: '1234',
    qrCodeKey: 'qr-key-1',
    mobileToken: null,
    mobileTokenChangeDays: 30,
    mobileTokenNextRefreshAt: '2026-04-01T09:00:00.000Z',
    checkInLogoFileName: null,
    checkInLogoVersion: 0,
    devicesLimit: 5,
    devicesIds: '',
    devicesSuccessText: '',
    devicesAttentionText: '',
    ...newBuildingCheckInForms(),
    visitorQuestionnaires: [],
    contractorQuestionnaires: [],
    employeeQuestionnaires: [],
    visitorExitQuestionnaires: [],
    contractorExitQuestionnaires: [],
    employeeExitQuestionnaires: [],
    ...newBuildingSettings(),
    ...overrides,
  });
}

export function cameraFixture(buildingId: string, overrides: Partial<Camera> = {}): Camera {
  return {
    id: '0190a8f2-0000-7000-8000-0000000000c1',
    buildingId,
    name: 'Lobby',
    ipAddress: '192.168.1.64',
    authUser: 'viewer',
    hasPassword: true,
    cameraPlace: 'ENTRY',
    active: true,
    simulated: false,
    ...overrides,
  };
}

export function kioskDeviceFixture(overrides: Partial<KioskDevice> = {}): KioskDevice {
  return {
    deviceId: '0190a8f2-0000-7000-8000-0000000000d1',
    name: 'Front desk tablet',
    enrolledAt: '2026-03-01T08:55:00.000Z',
    revokedAt: null,
    firstSeenAt: '2026-03-01T09:00:00.000Z',
    lastSeenAt: '2026-03-02T10:30:00.000Z',
    lastIp: '10.0.0.5',
    appVersion: '1.4.0',
    configVersion: 'c0ffee42',
    pendingCount: 0,
    rejectedCount: 0,
    clockSkewMs: 0,
    clockSkewFlagged: false,
    alerts: [],
    ...overrides,
  };
}

export function rejectedEntryFixture(overrides: Partial<RejectedKioskEntry> = {}): RejectedKioskEntry {
  return {
    mutationId: '0190a8f2-0000-7000-8000-0000000000e1',
    deviceId: '0190a8f2-0000-7000-8000-0000000000d1',
    type: 'checkIn',
    visitId: '0190a8f2-0000-7000-8000-0000000000f1',
    errorCode: 'CHECKEDIN',
    personName: 'Ada Lovelace',
    occurredAt: '2026-03-02T10:20:00.000Z',
    receivedAt: '2026-03-02T10:30:00.000Z',
    resolvedAt: null,
    ...overrides,
  };
}

/**
 * A port whose calls answer like the server: saves echo the building with the new values;
 * `kiosks` are the building's synced devices, and resolving an entry drops it from the next answer.
 */
export function fakeBuildingsApi(
  initial: Building,
  overrides: Partial<BuildingsApi> = {},
  kiosks: BuildingKiosks = { devices: [], rejected: [] },
) {
  let current = initial;
  let devices = kiosks.devices;
  let rejected = kiosks.rejected;
  const save = (changes: Partial<Building>) => {
    current = { ...current, ...changes, updatedAt: '2026-03-03T08:00:00.000Z' };
    return current;
  };
  const api = {
    list: vi.fn<BuildingsApi['list']>(async () => ({ docs: [current], totalDocs: 1 })),
    get: vi.fn<BuildingsApi['get']>(async () => current),
    create: vi.fn<BuildingsApi['create']>(async (input) => {
      const { tenantId: _tenantId, ...address } = input;
      current = buildingFixture(address);
      return current;
    }),
    updateAddress: vi.fn<BuildingsApi['updateAddress']>(async (_id, input) => save(input)),
    updateSettings: vi.fn<BuildingsApi['updateSettings']>(async (_id, settings) => save(settings)),
    updateCheckInForms: vi.fn<BuildingsApi['updateCheckInForms']>(async (_id, forms) => save(forms)),
    uploadLogo: vi.fn<BuildingsApi['uploadLogo']>(async (_id, file, onProgress) => {
      onProgress(50);
      onProgress(100);
      return save({ checkInLogoFileName: file.name, checkInLogoVersion: current.checkInLogoVersion + 1 });
    }),
    questionnaires: vi.fn(async (_id: string, kind: 'entry' | 'exit') =>
      kind === 'entry'
        ? {
            visitorQuestionnaires: current.visitorQuestionnaires,
            contractorQuestionnaires: current.contractorQuestionnaires,
            employeeQuestionnaires: current.employeeQuestionnaires,
          }
        : {
            visitorExitQuestionnaires: current.visitorExitQuestionnaires,
            contractorExitQuestionnaires: current.contractorExitQuestionnaires,
            employeeExitQuestionnaires: current.employeeExitQuestionnaires,
          },
    ) as unknown as BuildingsApi['questionnaires'],
    saveQuestionnaires: vi.fn(async (_id: string, _kind: 'entry' | 'exit', lists: Partial<Building>) => {
      save(lists);
      return lists;
    }) as unknown as BuildingsApi['saveQuestionnaires'],
    allQuestionnaires: vi.fn<BuildingsApi['allQuestionnaires']>(async () => []),
    cityNames: vi.fn<BuildingsApi['cityNames']>(async () => ['Halifax', 'Ottawa', 'Toronto']),
    updateDeviceTexts: vi.fn<BuildingsApi['updateDeviceTexts']>(async (_id, texts) => save(texts)),
    updateDevices: vi.fn<BuildingsApi['updateDevices']>(async (_id, devicesIds) => save({ devicesIds })),
    updateMobileToken: vi.fn<BuildingsApi['updateMobileToken']>(async (_id, schedule) => save(schedule)),
    refreshMobileToken: vi.fn<BuildingsApi['refreshMobileToken']>(async () => save({ mobileToken: 'token-2' })),
    remove: vi.fn<BuildingsApi['remove']>(async () => undefined),
    dictionary: vi.fn<BuildingsApi['dictionary']>(async (name) =>
      name === 'countries'
        ? [
            { value: 'CA', label: 'Canada' },
            { value: 'US', label: 'United States' },
          ]
        : name === 'timeZones'
          ? [{ value: 'America/Toronto', label: 'America/Toronto' }]
          : [{ value: 'en', label: 'English' }],
    ),
    cameras: vi.fn<BuildingsApi['cameras']>(async () => []),
    addCamera: vi.fn<BuildingsApi['addCamera']>(async (buildingId, camera) => [
      cameraFixture(buildingId, {
        ...camera,
        authUser: camera.authUser ?? null,
        hasPassword: Boolean(camera.authPassword),
      }),
    ]),
    editCamera: vi.fn<BuildingsApi['editCamera']>(async () => []),
    removeCamera: vi.fn<BuildingsApi['removeCamera']>(async () => []),
    cameraInfo: vi.fn<BuildingsApi['cameraInfo']>(async () => ({
      entries: [{ maxTemperature: 36.6 }],
      simulated: true,
    })),
    cameraPicture: vi.fn<BuildingsApi['cameraPicture']>(async () => new Blob(['picture'], { type: 'image/png' })),
    kiosks: vi.fn<BuildingsApi['kiosks']>(async () => ({
      devices,
      rejected: rejected.filter((entry) => entry.resolvedAt === null),
    })),
    createKioskEnrolment: vi.fn<BuildingsApi['createKioskEnrolment']>(async (_buildingId, name) => ({
      code: 'K7QM-3XHD-9TWA',
      url: 'https://vestibule.example/enrolKiosk/K7QM-3XHD-9TWA',
      expiresAt: '2026-03-03T08:15:00.000Z',
      name,
    })),
    renameKiosk: vi.fn<BuildingsApi['renameKiosk']>(async (_buildingId, deviceId, name) => {
      devices = devices.map((device) => (device.deviceId === deviceId ? { ...device, name } : device));
      return { deviceId, name };
    }),
    revokeKiosk: vi.fn<BuildingsApi['revokeKiosk']>(async (_buildingId, deviceId) => {
      const revokedAt = '2026-03-03T08:00:00.000Z';
      devices = devices.map((device) => (device.deviceId === deviceId ? { ...device, revokedAt } : device));
      return { deviceId, revokedAt };
    }),
    resolveRejectedEntry: vi.fn<BuildingsApi['resolveRejectedEntry']>(async (mutationId) => {
      const entry = rejected.find((candidate) => candidate.mutationId === mutationId && candidate.resolvedAt === null);
      if (!entry) throw new ApiError(404, 'NOT_FOUND', 'Not found');
      rejected = rejected.map((candidate) =>
        candidate === entry ? { ...candidate, resolvedAt: '2026-03-03T08:00:00.000Z' } : candidate,
      );
      devices = devices.map((device) =>
        device.deviceId === entry.deviceId ? { ...device, rejectedCount: device.rejectedCount - 1 } : device,
      );
      return { mutationId };
    }),
  } satisfies BuildingsApi;
  // Overrides replace whole calls; the mocks keep their type for the assertions.
  Object.assign(api, overrides);
  return { api, current: () => current };
}
