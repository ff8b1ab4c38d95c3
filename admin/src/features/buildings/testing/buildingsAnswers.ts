import {
  buildingSchema,
  newBuildingCheckInForms,
  newBuildingSettings,
  type Building,
  type Camera,
  type ErrorCode,
  type HeldMutation,
} from '@vestibule/shared';
import type { City } from '@vestibule/shared/contract';
import { type Answers, answerCalls, json, sentForm } from '../../../test/answerCalls.ts';
import type { BuildingKiosks, KioskDevice, RejectedKioskEntry } from '../buildingsApi.ts';

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

/** An entry a revoked kiosk sent after its revocation, held for review. */
export function heldEntryFixture(overrides: Partial<HeldMutation> = {}): HeldMutation {
  return {
    mutationId: '0190a8f2-0000-7000-8000-0000000000a1',
    deviceId: '0190a8f2-0000-7000-8000-0000000000d1',
    deviceName: 'Front desk tablet',
    revokedAt: '2026-03-02T09:00:00.000Z',
    type: 'checkIn',
    visitId: '0190a8f2-0000-7000-8000-0000000000f9',
    personName: 'Grace Hopper',
    occurredAt: '2026-03-02T08:30:00.000Z',
    receivedAt: '2026-03-02T10:30:00.000Z',
    ...overrides,
  };
}

/** The company's cities as GET /city lists them. */
export function cityList(names: string[]) {
  const docs = names.map((name, index): City => ({
    id: `0190a8f2-0000-7000-8000-${String(900 + index).padStart(12, '0')}`,
    name,
    createdAt: '2026-03-01T09:00:00.000Z',
  }));
  return { docs, totalDocs: docs.length };
}

interface BuildingAnswers {
  /** The building's synced kiosks and refused entries. */
  kiosks?: BuildingKiosks;
  /** Entries of revoked kiosks held for review. */
  held?: HeldMutation[];
  /** Held entries the check-in rules refuse when applied, with their code. */
  refuseWhenApplied?: Record<string, ErrorCode>;
  /** Answers of a test's own, in place of these. */
  answers?: Answers;
}

/**
 * The building screens' calls answered like the server: saves echo the building with the new
 * values; GET /building/:id/devices lists the building's synced kiosks, and resolving an entry drops
 * it from the next answer.
 */
export function answerBuildings(initial: Building, options: BuildingAnswers = {}) {
  let current = initial;
  let devices = options.kiosks?.devices ?? [];
  let rejected = options.kiosks?.rejected ?? [];
  let held = options.held ?? [];
  /** A held entry taken off the list, or a 409 when it is not held (any more). */
  const review = (mutationId: string | undefined) => {
    const entry = held.find((candidate) => candidate.mutationId === mutationId);
    held = held.filter((candidate) => candidate !== entry);
    return entry;
  };
  const notHeld = () => json(409, { errorCode: 'KIOSK_ENTRY_NOT_HELD', msg: 'Not held' });
  const save = (changes: Partial<Building>) => {
    current = { ...current, ...changes, updatedAt: '2026-03-03T08:00:00.000Z' };
    return current;
  };
  const calls = answerCalls({
    'GET /building': () => ({ docs: [current], totalDocs: 1 }),
    'GET /building/:id': () => current,
    'POST /building': ({ body }) => {
      const { tenantId: _tenantId, ...address } = body;
      current = buildingFixture(address);
      return current;
    },
    'PATCH /building/:id': ({ body }) => save(body),
    'PATCH /building/:id/settings': ({ body }) => save(body),
    'PATCH /building/:id/checkInForms': ({ body }) => save(body),
    'PATCH /building/:id/checkInLogo': (request) =>
      save({ checkInLogoFileName: sentForm(request).file.name, checkInLogoVersion: current.checkInLogoVersion + 1 }),
    'GET /building/:id/questionnaire': () => ({
      visitorQuestionnaires: current.visitorQuestionnaires,
      contractorQuestionnaires: current.contractorQuestionnaires,
      employeeQuestionnaires: current.employeeQuestionnaires,
    }),
    'GET /building/:id/exitQuestionnaire': () => ({
      visitorQuestionnaires: current.visitorExitQuestionnaires,
      contractorQuestionnaires: current.contractorExitQuestionnaires,
      employeeQuestionnaires: current.employeeExitQuestionnaires,
    }),
    'PUT /building/:id/questionnaire': ({ body }) => {
      save(body);
      return body;
    },
    'PUT /building/:id/exitQuestionnaire': ({ body }) => {
      if (!('visitorQuestionnaires' in body)) throw new Error('the exit lists are sent in the entry lists’ shape');
      save({
        visitorExitQuestionnaires: body.visitorQuestionnaires,
        contractorExitQuestionnaires: body.contractorQuestionnaires,
        employeeExitQuestionnaires: body.employeeQuestionnaires,
      });
      return body;
    },
    'GET /questionnaire/all': () => [],
    'GET /city': () => cityList(['Halifax', 'Ottawa', 'Toronto']),
    'PATCH /building/:id/deviceTexts': ({ body }) => save(body),
    'PATCH /building/:id/devices': ({ body }) => save({ devicesIds: body.devicesIds }),
    'PATCH /building/:id/mobileToken': ({ body: { id: _id, ...schedule } }) => save(schedule),
    'PATCH /building/:id/refreshMobileToken': () => save({ mobileToken: 'token-2' }),
    'DELETE /building/:id': ({ params }) => ({ id: params.id! }),
    'GET /building/dictionaries/:name': ({ params }) =>
      params.name === 'countries'
        ? [
            { value: 'CA', label: 'Canada' },
            { value: 'US', label: 'United States' },
          ]
        : params.name === 'timeZones'
          ? [{ value: 'America/Toronto', label: 'America/Toronto' }]
          : [{ value: 'en', label: 'English' }],
    'GET /camera/:buildingId': () => [],
    'POST /camera/:buildingId': ({ params, body }) => [
      cameraFixture(params.buildingId!, {
        ...body,
        authUser: body.authUser ?? null,
        hasPassword: Boolean(body.authPassword),
      }),
    ],
    'PATCH /camera/:id': () => [],
    'DELETE /camera/:id': () => [],
    'GET /camera/info/:id': () => ({ entries: [{ maxTemperature: 36.6 }], simulated: true }),
    'GET /camera/picture/:id': () =>
      new Response(new Blob(['picture'], { type: 'image/png' }), { headers: { 'content-type': 'image/png' } }),
    'GET /building/:id/devices': () => ({
      devices,
      rejected: rejected.filter((entry) => entry.resolvedAt === null),
    }),
    'POST /building/:id/devices/enrolments': ({ body }) => ({
      code: 'K7QM-3XHD-9TWA',
      url: 'https://vestibule.example/enrolKiosk/K7QM-3XHD-9TWA',
      expiresAt: '2026-03-03T08:15:00.000Z',
      name: body.name,
    }),
    'PATCH /building/:id/devices/:deviceId': ({ params: { deviceId }, body: { name } }) => {
      devices = devices.map((device) => (device.deviceId === deviceId ? { ...device, name } : device));
      return { deviceId: deviceId!, name };
    },
    'POST /building/:id/devices/:deviceId/revoke': ({ params: { deviceId } }) => {
      const revokedAt = '2026-03-03T08:00:00.000Z';
      devices = devices.map((device) => (device.deviceId === deviceId ? { ...device, revokedAt } : device));
      return { deviceId: deviceId!, revokedAt };
    },
    'PATCH /sync/rejected/:mutationId/resolve': ({ params: { mutationId } }) => {
      const entry = rejected.find((candidate) => candidate.mutationId === mutationId && candidate.resolvedAt === null);
      if (!entry) return json(404, { errorCode: 'NOT_FOUND', msg: 'Not found' });
      rejected = rejected.map((candidate) =>
        candidate === entry ? { ...candidate, resolvedAt: '2026-03-03T08:00:00.000Z' } : candidate,
      );
      devices = devices.map((device) =>
        device.deviceId === entry.deviceId ? { ...device, rejectedCount: device.rejectedCount - 1 } : device,
      );
      return { mutationId: mutationId! };
    },
    'GET /building/:id/devices/held': () => ({ held }),
    'POST /building/:id/devices/:deviceId/held/:mutationId/apply': ({ params: { mutationId } }) => {
      const entry = review(mutationId);
      if (!entry) return notHeld();
      const reason = options.refuseWhenApplied?.[entry.mutationId];
      if (!reason) return { mutationId: entry.mutationId, outcome: 'applied' as const };
      // Refused by the rules: a refused entry to resolve, like the server's.
      rejected = [
        ...rejected,
        {
          mutationId: entry.mutationId,
          deviceId: entry.deviceId,
          type: entry.type,
          visitId: entry.visitId,
          errorCode: reason,
          personName: entry.personName,
          occurredAt: entry.occurredAt,
          receivedAt: entry.receivedAt,
          resolvedAt: null,
        },
      ];
      return { mutationId: entry.mutationId, outcome: 'refused' as const, reason };
    },
    'POST /building/:id/devices/:deviceId/held/:mutationId/discard': ({ params: { mutationId } }) => {
      const entry = review(mutationId);
      return entry ? { mutationId: entry.mutationId } : notHeld();
    },
    ...options.answers,
  });
  return { calls, current: () => current };
}
