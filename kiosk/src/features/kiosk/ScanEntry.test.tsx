import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KioskPerson } from '@vestibule/shared';
import { resources } from '@vestibule/shared/i18n';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { type ParsedCode, parseScannedCode } from '../scanner/scannedCode.ts';
import { ScanEntry } from './ScanEntry.tsx';
import { BUILDING_ID, offlineRunner } from './kioskTesting.ts';

const en = resources.en;

// The camera reads the text the test put here (the scanner itself is tested on its own).
const scanned = vi.hoisted(() => ({ text: '' }));
vi.mock('../scanner/index.ts', () => ({
  LazyQrScanner: ({ onCode }: { onCode: (code: ParsedCode) => void }) => (
    <button
      type="button"
      onClick={() => {
        const code = parseScannedCode(scanned.text);
        if (code) onCode(code);
      }}
    >
      read the code
    </button>
  ),
}));

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ada: KioskPerson = {
  personId: '0190f0a0-0000-7000-8000-000000000003',
  passIdentifier: 'pass-ada',
  firstName: 'Ada',
  lastInitial: 'L',
  visitorType: 'EMPLOYEE',
  validFrom: null,
  validTo: null,
};
const directory = { people: [ada, { ...ada, passIdentifier: 'pass-old', validTo: '2020-01-31' }], timeZoneId: 'UTC' };

/** A pass typed at the kiosk with its network down: the cached directory decides. */
async function scanOffline(identifier: string) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const onVisit = vi.fn();
  const user = userEvent.setup();
  render(
    <ScanEntry
      db={offlineRunner().db}
      kiosk={{ qrCodeKey: 'key-1', buildingId: BUILDING_ID, buildingName: 'Lobby' }}
      directory={directory}
      onVisit={onVisit}
      onClose={vi.fn()}
    />,
  );
  scanned.text = `https://vestibule.test/checkin/key-1/${identifier}`;
  await user.click(screen.getByRole('button', { name: 'read the code' }));
  return onVisit;
}

describe('a pass scanned at a kiosk offline', () => {
  it('starts the wizard from the person in the cached directory', async () => {
    const onVisit = await scanOffline('pass-ada');
    await waitFor(() => expect(onVisit).toHaveBeenCalledOnce());
    expect(onVisit).toHaveBeenCalledWith(
      expect.objectContaining({
        visit: null,
        visitorType: 'EMPLOYEE',
        person: expect.objectContaining({ personId: ada.personId, passIdentifier: 'pass-ada' }),
      }),
    );
  });

  it('says a pass past its validity is not valid today', async () => {
    const onVisit = await scanOffline('pass-old');
    expect((await screen.findByTestId('scan-result')).textContent).toBe(en.errors.PERSON_NOT_VALID);
    expect(onVisit).not.toHaveBeenCalled();
  });

  it('says a code it does not know could not be checked, not that it is unknown', async () => {
    await scanOffline('nobody');
    expect((await screen.findByTestId('scan-result')).textContent).toBe(en.publicVisit.scan.unchecked);
  });
});

describe('an invitation scanned at a kiosk', () => {
  it("starts the wizard with what the building's list of today's visits holds: host, form and PIN", async () => {
    const db = offlineRunner().db;
    await db.visits.put({
      id: '0190f0a0-0000-7000-8000-000000000009',
      qrCodeKey: 'key-1',
      visitorType: 'VISITOR',
      firstName: 'Iris',
      lastName: 'Invited',
      checkedInAt: null,
      checkedOutAt: null,
      identifier: 'ABCD2345',
      pin: '4821',
      publicIdentifier: 'iris-public-identifier',
      scheduledAt: new Date().toISOString(),
      scheduledDuration: 'PT1H',
      host: 'Grace Hopper',
      companyName: 'Navy',
      checkInForm: { email: 'iris@example.com', companyName: 'Navy' },
      source: 'server',
    });
    const onVisit = vi.fn();
    const user = userEvent.setup();
    render(
      <ScanEntry
        db={db}
        kiosk={{ qrCodeKey: 'key-1', buildingId: BUILDING_ID, buildingName: 'Lobby' }}
        directory={directory}
        onVisit={onVisit}
        onClose={vi.fn()}
      />,
    );
    scanned.text = 'https://vestibule.test/checkin/key-1/iris-public-identifier';
    await user.click(screen.getByRole('button', { name: 'read the code' }));
    await waitFor(() => expect(onVisit).toHaveBeenCalledOnce());
    expect(onVisit).toHaveBeenCalledWith(
      expect.objectContaining({
        visitorType: 'VISITOR',
        visit: expect.objectContaining({
          lastName: 'Invited',
          host: 'Grace Hopper',
          pin: '4821',
          checkInForm: { email: 'iris@example.com', companyName: 'Navy' },
        }),
      }),
    );
  });
});
