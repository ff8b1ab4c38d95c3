import { pbkdf2Sync } from 'node:crypto';
import { STAFF_PIN_ITERATIONS, staffPinSalt, uuidv7 } from '@vestibule/shared';
import { openKioskDb } from '../../offline/kioskDb.ts';
import type { KioskConfig } from '../../offline/kioskConfig.ts';
import { kioskClient } from '../../offline/kioskClient.ts';
import { SyncRunner } from '../../offline/runtime.ts';
import type { SyncTransport } from '../../offline/syncEngine.ts';
import { wizardInput } from '@vestibule/ui/wizard/testing';

export const BUILDING_ID = '01900000-0000-7000-8000-000000000001';

/** A cached kiosk configuration as GET /service/sync/config answers it, with PIN `pin`. */
export function kioskConfig(pin: string | null = '4821'): KioskConfig {
  const { qrCodeKey, visitorType: _type, ...data } = wizardInput();
  return {
    version: 'v1',
    building: {
      qrCodeKey,
      fromKiosk: true,
      building: {
        id: BUILDING_ID,
        name: 'Lobby',
        logoVersion: 0,
        defaultLocale: 'en',
        devicesSuccessText: '',
        devicesAttentionText: '',
      },
      visitorTypes: ['VISITOR'],
    },
    checkInData: { VISITOR: { qrCodeKey, visitorType: 'VISITOR', ...pick(data) } },
    exitQuestionnaires: { VISITOR: [] },
    staffPinCheck: pin ? 'device' : 'none',
    staffPinHash: pin
      ? pbkdf2Sync(pin, staffPinSalt(BUILDING_ID), STAFF_PIN_ITERATIONS, 32, 'sha256').toString('base64url')
      : null,
  };
}

function pick(data: Omit<ReturnType<typeof wizardInput>, 'qrCodeKey' | 'visitorType'>) {
  const {
    meetingIdentifier: _m,
    id: _i,
    personId: _p,
    replaceOldVisit: _r,
    scheduledDuration: _s,
    checkInAnswers: _c,
    answeredQuestionnaires: _a,
    checkingBack: _b,
    fromKiosk: _f,
    ...checkInData
  } = data;
  return checkInData;
}

/** A kiosk runner on a fresh fake-indexeddb database whose network is down. */
export function offlineRunner(): SyncRunner {
  const unreachable: SyncTransport = () => Promise.reject(new TypeError('Failed to fetch'));
  return new SyncRunner(openKioskDb(`kiosk-test-${uuidv7()}`), {
    qrCodeKey: 'key-1',
    channel: 'kiosk',
    transport: unreachable,
    client: kioskClient({ fetchImpl: () => Promise.reject(new TypeError('Failed to fetch')) }),
  });
}
