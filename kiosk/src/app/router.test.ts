import { describe, expect, it } from 'vitest';
import { matchRoute, pagePath } from './router.ts';

describe('public page routes', () => {
  it('knows the check-in pages, on a phone and on a kiosk', () => {
    expect(matchRoute('/checkin/abc')).toEqual({ page: 'checkIn', kiosk: false, qrCodeKey: 'abc' });
    expect(matchRoute('/checkinKiosk/abc/')).toEqual({ page: 'checkIn', kiosk: true, qrCodeKey: 'abc' });
    expect(matchRoute('/checkin/abc/V1')).toEqual({
      page: 'visit',
      kiosk: false,
      qrCodeKey: 'abc',
      identifier: 'V1',
      status: null,
    });
    expect(matchRoute('/checkinKiosk/abc/V1/IN')).toMatchObject({ page: 'visit', kiosk: true, status: 'IN' });
  });

  it('knows the check-out pages', () => {
    expect(matchRoute('/checkOut/p-1')).toEqual({ page: 'checkOut', publicIdentifier: 'p-1' });
    expect(matchRoute('/buildingCheckOut/abc')).toEqual({ page: 'buildingCheckOut', qrCodeKey: 'abc' });
  });

  it('starts the installed kiosk at /kiosk/', () => {
    expect(matchRoute('/kiosk/')).toEqual({ page: 'launch' });
    expect(matchRoute('/kiosk')).toEqual({ page: 'launch' });
    expect(matchRoute('/enrolKiosk/K7QM-3XHD-9TWA')).toEqual({ page: 'enrol', code: 'K7QM-3XHD-9TWA' });
    expect(matchRoute('/enrolKiosk/K7QM/x')).toEqual({ page: 'other' });
    expect(matchRoute('/kiosk/other')).toEqual({ page: 'other' });
  });

  it('leaves every other path to the frame (being prepared, not found)', () => {
    for (const path of [
      '/',
      '/registration/abc',
      '/checkin',
      '/checkOut/a/b',
      '/checkin/a/b/c/d',
      '/checkin/%E0%A4%A',
    ]) {
      expect(matchRoute(path)).toEqual({ page: 'other' });
    }
  });

  it('encodes the segments of the paths it builds', () => {
    expect(pagePath('checkOut', 'a/b?c')).toBe('/checkOut/a%2Fb%3Fc');
    expect(matchRoute(pagePath('checkOut', 'a/b?c'))).toEqual({ page: 'checkOut', publicIdentifier: 'a/b?c' });
  });
});
