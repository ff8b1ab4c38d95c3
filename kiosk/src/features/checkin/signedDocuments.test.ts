import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kioskConfig, offlineRunner } from '../kiosk/kioskTesting.ts';
import { cachedSource, onlineSource } from './checkInSource.ts';

// The "already signed" lookup on each page (docs/check-in.md, "Signed documents"): the server
// keeps who signed what, so a kiosk offline or a failed call answers none signed and the wizard
// asks every document.

const query = { visitorType: 'VISITOR' as const, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const versionId = '0193a000-0000-7000-8000-0000000000a1';

afterEach(() => vi.unstubAllGlobals());

describe('the signed documents lookup', () => {
  it("asks the server on a phone with the link's mobile token and answers its versions", async () => {
    const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(Response.json({ versionIds: [versionId] })),
    );
    vi.stubGlobal('fetch', fetch);
    const building = kioskConfig().building;
    const source = onlineSource({ ...building, fromKiosk: false }, { kiosk: false, mt: 'token-1' });
    expect(await source.signedDocuments(query, new AbortController().signal)).toEqual([versionId]);
    const call = fetch.mock.calls[0];
    if (!call) throw new Error('the server was not asked');
    const [url, init] = call;
    if (!init) throw new Error('no request options');
    const address = new URL(String(url), 'http://localhost');
    expect(address.pathname).toBe(`/service/checkin/${building.qrCodeKey}/signedDocuments`);
    expect(address.searchParams.get('mt')).toBe('token-1');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(query);
  });

  it('a kiosk with the network down answers none signed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const source = cachedSource(kioskConfig(), offlineRunner());
    expect(await source.signedDocuments(query, new AbortController().signal)).toEqual([]);
  });

  it('a refused call answers none signed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ errorCode: 'NOT_FOUND', msg: 'no' }, { status: 404 }))),
    );
    const source = cachedSource(kioskConfig(), offlineRunner());
    expect(await source.signedDocuments(query, new AbortController().signal)).toEqual([]);
  });
});
