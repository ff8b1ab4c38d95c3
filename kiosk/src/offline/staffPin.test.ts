// @vitest-environment node
// The staff screen's PIN, against the real server (offlineTesting.ts): checked on the device
// against the hash the configuration carries, or by the server.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { refreshConfig } from './configCache.ts';
import { serverForTests } from './offlineTesting.ts';
import { staffPinAccepted, staffPinMatches } from './staffPin.ts';

let qrCodeKey = '';
const kiosks = serverForTests((started) => {
  qrCodeKey = started.building.qrCodeKey;
});

describe("the staff screen's PIN", () => {
  it('opens the staff screen with the building PIN only, checked on the device', async () => {
    const db = await kiosks.open();
    await refreshConfig(db, qrCodeKey, kiosks.client());
    const config = (await db.config.get(qrCodeKey))?.data;
    const hash = config?.staffPinHash ?? '';
    const buildingId = config?.building.building.id ?? '';
    expect(await staffPinMatches('1234', hash, buildingId)).toBe(true);
    expect(await staffPinMatches('1235', hash, buildingId)).toBe(false);
    // A building that does not list its kiosks has the server check it.
    expect(await staffPinAccepted(qrCodeKey, '1234', kiosks.client())).toBe(true);
    expect(await staffPinAccepted(qrCodeKey, '1235', kiosks.client())).toBe(false);
  });
});
