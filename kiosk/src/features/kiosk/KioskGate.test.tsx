import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIOSK_CREDENTIAL_HEADER, uuidv7 } from '@vestibule/shared';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { saveEnrolment, withCredential } from '../../offline/credential.ts';
import { openKioskDb } from '../../offline/kioskDb.ts';
import { kioskDb } from '../../offline/runtime.ts';
import { KioskGate } from './KioskGate.tsx';
import { isEnrolmentCode } from '../enrol/enrol.ts';

// An enrolled kiosk (docs/kiosk.md, "Enrolment"): the tablet's credential is sent with its calls, and a kiosk page
// runs only on an enrolled tablet; otherwise it says how to enrol, or that it was revoked.

const enrolment = (deviceId: string) => ({
  deviceId,
  secret: 's'.repeat(43),
  qrCodeKey: 'lobby-key',
  buildingName: 'Lobby',
  name: 'North door',
});

beforeAll(async () => {
  await initTestI18n('en');
  // No server in these tests: a call the gate's runner makes fails as with no network.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
beforeEach(async () => {
  await kioskDb().meta.clear();
});
afterEach(cleanup);
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('the kiosk credential on the wire', () => {
  it('is sent once enrolled, never before, and a refusal of it is remembered', async () => {
    const db = openKioskDb(`credential-${uuidv7()}`);
    const seen: (string | null)[] = [];
    let answer = new Response('{}', { status: 200 });
    const kioskFetch = withCredential(
      () => db,
      async (_input, init) => {
        seen.push(new Headers(init?.headers).get(KIOSK_CREDENTIAL_HEADER));
        return answer;
      },
    );
    await kioskFetch('/service/sync/config/lobby-key');
    const deviceId = uuidv7();
    await saveEnrolment(db, enrolment(deviceId));
    answer = new Response(JSON.stringify({ errorCode: 'KIOSK_DEVICE_REVOKED', msg: 'revoked' }), { status: 403 });
    await kioskFetch('/service/sync/config/lobby-key', { headers: { accept: 'application/json' } });
    expect(seen).toEqual([null, `${deviceId}.${'s'.repeat(43)}`]);
    expect(await db.meta.bulkGet(['kioskAccess', 'qrCodeKey'])).toEqual([
      { key: 'kioskAccess', value: 'revoked' },
      { key: 'qrCodeKey', value: 'lobby-key' },
    ]);
  });

  it('takes a typed enrolment code in any case, with or without dashes and spaces', () => {
    expect(isEnrolmentCode('k7qm 3xhd 9twa')).toBe(true);
    expect(isEnrolmentCode('K7QM-3XHD-9TWA')).toBe(true);
    expect(isEnrolmentCode('K7QM-3XHD')).toBe(false);
    expect(isEnrolmentCode('O0I1-3XHD-9TWA')).toBe(false);
  });
});

describe('a kiosk page on this tablet', () => {
  it('asks to enrol an unenrolled tablet, with the code field, and shows nothing of the kiosk', async () => {
    render(
      <KioskGate qrCodeKey="lobby-key">
        <p>Welcome screen</p>
      </KioskGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Enrol this kiosk' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Enrolment code/)).toBeInTheDocument();
    expect(screen.queryByText('Welcome screen')).not.toBeInTheDocument();
  });

  it('runs the kiosk once enrolled, and says it was withdrawn once the server refuses it as revoked', async () => {
    await saveEnrolment(kioskDb(), enrolment(uuidv7()));
    render(
      <KioskGate qrCodeKey="lobby-key">
        <p>Welcome screen</p>
      </KioskGate>,
    );
    expect(await screen.findByText('Welcome screen')).toBeInTheDocument();
    await kioskDb().meta.put({ key: 'kioskAccess', value: 'revoked' });
    expect(await screen.findByRole('heading', { name: 'This kiosk was withdrawn' })).toBeInTheDocument();
    expect(screen.getByText('North door')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enrol this tablet again' })).toBeInTheDocument();
    expect(screen.queryByText('Welcome screen')).not.toBeInTheDocument();
  });
});
