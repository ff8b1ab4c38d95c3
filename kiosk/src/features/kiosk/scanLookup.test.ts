import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { newVisitCodes, uuidv7 } from '@vestibule/shared';
import { type KioskDb, openKioskDb } from '../../offline/kioskDb.ts';
import { commitCheckIn, commitCheckOut } from '../../offline/outbox.ts';
import { lookUpScannedCode } from './scanLookup.ts';

// A code scanned at the kiosk, looked up in the visits the device holds (offline too).

const qrCodeKey = 'scan-key';
const databases: KioskDb[] = [];

afterEach(async () => {
  for (const db of databases.splice(0)) {
    db.close();
    await db.delete();
  }
});

function kioskDb(): KioskDb {
  const db = openKioskDb(`kiosk-scan-${uuidv7()}`);
  databases.push(db);
  return db;
}

function employee(lastName: string) {
  return { qrCodeKey, visitorType: 'EMPLOYEE', checkInForm: { firstName: 'Offline', lastName } };
}

describe('a scanned code', () => {
  it('a scanned invitation of an expected visit starts the wizard from it; a present one goes to check-out', async () => {
    const db = kioskDb();
    const codes = newVisitCodes();
    const { visitId } = await commitCheckIn(db, employee(`Scan-${uuidv7()}`), { codes });
    const kiosk = { qrCodeKey, buildingId: 'b', buildingName: 'Demo HQ' };
    const present = await lookUpScannedCode(
      db,
      { kind: 'identifier', identifier: codes.identifier, qrCodeKey: null },
      kiosk,
    );
    expect(present.kind).toBe('alreadyIn');
    await commitCheckOut(db, visitId, {});
    const back = await lookUpScannedCode(
      db,
      { kind: 'publicIdentifier', publicIdentifier: codes.publicIdentifier },
      kiosk,
    );
    expect(back).toMatchObject({ kind: 'checkIn', preset: { visitorType: 'EMPLOYEE', checkingBack: true } });
    const unknown = await lookUpScannedCode(db, { kind: 'identifier', identifier: 'ABCDEFGH', qrCodeKey: null }, kiosk);
    expect(unknown.kind).toBe('unknown');
  });
});
