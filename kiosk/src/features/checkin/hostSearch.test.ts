import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostOption } from '@vestibule/shared';
import { buildResult, initialWizardState } from '@vestibule/ui/wizard';
import { formWith, wizardInput } from '@vestibule/ui/wizard/testing';
import { kioskConfig, offlineRunner } from '../kiosk/kioskTesting.ts';
import { cachedSource, onlineSource, submitCheckIn } from './checkInSource.ts';

// The host field's search on each page (docs/kiosk.md, "What a kiosk caches"): a kiosk searches
// the hosts its configuration holds, offline as online; a phone, which caches nothing, asks the
// public call.

const ada: HostOption = {
  personId: '0190f0a0-0000-7000-8000-0000000000a1',
  userId: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  department: 'Engineering',
};
const hal: HostOption = {
  personId: null,
  userId: '0190f0a0-0000-7000-8000-0000000000b1',
  firstName: 'Hal',
  lastName: 'Adair',
  department: null,
};

afterEach(() => vi.unstubAllGlobals());

describe("the kiosk's host search", () => {
  it('searches the cached hosts with the network down, and the queued check-in carries the host chosen', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    const runner = offlineRunner();
    const config = { ...kioskConfig(), hosts: [ada, hal] };
    const source = cachedSource(config, runner);
    const signal = new AbortController().signal;
    expect(await source.searchHosts('ada', signal)).toEqual([hal, ada]);
    expect(await source.searchHosts('LOV', signal)).toEqual([ada]);
    expect(await source.searchHosts('', signal)).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();

    const input = wizardInput({
      checkInForm: formWith({ host: { mandatory: true } }),
      allowFreeTextHost: false,
      host: hal,
    });
    const result = buildResult(input, initialWizardState(input));
    const data = config.checkInData.VISITOR;
    if (!data) throw new Error('no visitor data');
    await submitCheckIn(source, data, result, undefined);
    const [entry] = await runner.db.outbox.toArray();
    if (entry?.type !== 'checkIn') throw new Error('no check-in queued');
    expect(entry.payload).toMatchObject({
      checkInForm: { host: 'Hal Adair' },
      hostPersonId: null,
      hostUserId: hal.userId,
    });
  });

  it("asks the server on a phone, with the link's mobile token", async () => {
    const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(Response.json({ docs: [ada] })),
    );
    vi.stubGlobal('fetch', fetch);
    const building = kioskConfig().building;
    const source = onlineSource({ ...building, fromKiosk: false }, { kiosk: false, mt: 'token-1' });
    expect(await source.searchHosts('lov', new AbortController().signal)).toEqual([ada]);
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe(`/service/building/${building.qrCodeKey}/hosts`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ name: 'lov', mt: 'token-1', kiosk: 'false' });
  });
});
