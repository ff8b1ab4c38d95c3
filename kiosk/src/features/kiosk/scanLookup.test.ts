// @vitest-environment node
// A code scanned (or typed) at the kiosk: the visits the device holds answer first, offline
// too; a code it does not hold is asked of the real server (offlineTesting.ts), so an invitation
// made after the kiosk's last refresh is found at once; offline, such a code is "unchecked".
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newVisitCodes, uuidv7 } from '@vestibule/shared';
import { refreshVisits } from '../../offline/configCache.ts';
import { type TestServer, inviteAtDemoHq, serverForTests } from '../../offline/offlineTesting.ts';
import { commitCheckIn, commitCheckOut } from '../../offline/outbox.ts';
import { lookUpScannedCode } from './scanLookup.ts';

let server: TestServer;
const kiosks = serverForTests((started) => {
  server = started;
});
const kioskOf = () => ({
  qrCodeKey: server.building.qrCodeKey,
  buildingId: server.building.id,
  buildingName: 'Demo HQ',
});
/** The server asked with the kiosk's credential, as the page's client asks it. */
const online = () => ({
  online: true,
  fetchTarget: (qrCodeKey: string, identifier: string) =>
    kiosks.client().call('GET /checkinKiosk/:qrCodeKey/:identifier', { params: { qrCodeKey, identifier } }),
});
const typed = (identifier: string) => ({ kind: 'identifier' as const, identifier, qrCodeKey: null });

describe('a code the kiosk holds', () => {
  it('an expected visit starts the wizard from it; a present one goes to check-out; a checked-out one checks in again', async () => {
    const db = await kiosks.open();
    const codes = newVisitCodes();
    const { visitId } = await commitCheckIn(
      db,
      { qrCodeKey: server.building.qrCodeKey, visitorType: 'VISITOR', checkInForm: { lastName: `Scan-${uuidv7()}` } },
      { codes },
    );
    const offline = { online: false };
    expect((await lookUpScannedCode(db, typed(codes.identifier), kioskOf(), {}, offline)).kind).toBe('alreadyIn');
    await commitCheckOut(db, visitId, {});
    const back = await lookUpScannedCode(
      db,
      { kind: 'publicIdentifier', publicIdentifier: codes.publicIdentifier },
      kioskOf(),
      {},
      offline,
    );
    expect(back).toMatchObject({
      kind: 'visit',
      preset: { visitorType: 'VISITOR', checkingBack: true, visit: { pin: codes.pin } },
    });
  });
});

describe('a code the kiosk does not hold', () => {
  it('an invitation made after the last refresh is found at once by its code or its QR code, prefilled, with its PIN', async () => {
    const db = await kiosks.open();
    await refreshVisits(db, server.building.qrCodeKey, kiosks.client());
    const lastName = `Late${uuidv7().slice(-6)}`;
    const invited = await inviteAtDemoHq(server, lastName);
    const byCode = await lookUpScannedCode(db, typed(invited.identifier), kioskOf(), {}, online());
    expect(byCode).toMatchObject({
      kind: 'visit',
      preset: {
        visitorType: 'VISITOR',
        checkingBack: false,
        visit: {
          id: invited.id,
          identifier: invited.identifier,
          publicIdentifier: invited.publicIdentifier,
          pin: expect.stringMatching(/^\d{4}$/),
          checkInForm: { email: `${lastName.toLowerCase()}@example.test`, companyName: 'Invited Ltd' },
        },
      },
    });
    const qr = {
      kind: 'identifier' as const,
      identifier: invited.publicIdentifier,
      qrCodeKey: server.building.qrCodeKey,
    };
    const byQr = await lookUpScannedCode(db, qr, kioskOf(), {}, online());
    expect(byQr.kind === 'visit' && byQr.preset.visit?.pin).toBe(
      byCode.kind === 'visit' ? byCode.preset.visit?.pin : 'not found by its code',
    );
  });

  it('a code the server does not know either is unknown; with no network it is "unchecked"', async () => {
    const db = await kiosks.open();
    expect(await lookUpScannedCode(db, typed('ZZZZ2345'), kioskOf(), {}, online())).toEqual({ kind: 'unknown' });
    const invited = await inviteAtDemoHq(server, `Offline${uuidv7().slice(-6)}`);
    expect(await lookUpScannedCode(db, typed(invited.identifier), kioskOf(), {}, { online: false })).toEqual({
      kind: 'unchecked',
    });
    const unreachable = {
      online: true,
      fetchTarget: () =>
        kiosks.client().call('GET /checkinKiosk/:qrCodeKey/:identifier', {
          params: { qrCodeKey: server.building.qrCodeKey, identifier: invited.identifier },
          signal: AbortSignal.abort(),
        }),
    };
    expect(await lookUpScannedCode(db, typed(invited.identifier), kioskOf(), {}, unreachable)).toEqual({
      kind: 'unchecked',
    });
  });

  it("another building's visit link goes to that building's page online, and is unchecked offline", async () => {
    const db = await kiosks.open();
    const link = { kind: 'identifier' as const, identifier: 'elsewhere-visit', qrCodeKey: 'another-key' };
    expect(await lookUpScannedCode(db, link, kioskOf(), {}, online())).toEqual({
      kind: 'otherBuilding',
      qrCodeKey: 'another-key',
      identifier: 'elsewhere-visit',
    });
    expect(await lookUpScannedCode(db, link, kioskOf(), {}, { online: false })).toEqual({ kind: 'unchecked' });
  });
});
