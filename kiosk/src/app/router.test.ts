import { describe, expect, it } from 'vitest';
import { matchRoute, pagePath, runsOnKiosk } from './router.ts';

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

  it("knows a visitor's own visit pages and the registration page", () => {
    expect(matchRoute('/cancelVisit/Ab_9-x')).toEqual({ page: 'cancelVisit', identifier: 'Ab_9-x' });
    expect(matchRoute('/postponeCheckOut/Ab_9-x/')).toEqual({ page: 'postponeCheckOut', identifier: 'Ab_9-x' });
    expect(matchRoute('/rescheduleVisit/Ab_9-x')).toEqual({ page: 'rescheduleVisit', identifier: 'Ab_9-x' });
    expect(matchRoute('/registration/abc')).toEqual({ page: 'registration', qrCodeKey: 'abc' });
    expect(runsOnKiosk(matchRoute('/cancelVisit/Ab_9-x'))).toBe(false);
    expect(runsOnKiosk(matchRoute('/registration/abc'))).toBe(false);
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
      '/registration',
      '/cancelVisit/a/b',
      '/checkin',
      '/checkOut/a/b',
      '/checkin/a/b/c/d',
      '/checkin/%E0%A4%A',
    ]) {
      expect(matchRoute(path)).toEqual({ page: 'other' });
    }
  });

  it("installs the offline service worker on a kiosk's pages, never on a visitor's phone", () => {
    const onKiosk = (path: string) => runsOnKiosk(matchRoute(path));
    expect(onKiosk('/checkinKiosk/key')).toBe(true);
    expect(onKiosk('/checkinKiosk/key/ABCD1234')).toBe(true);
    expect(onKiosk('/buildingCheckOut/key')).toBe(true);
    expect(onKiosk('/kiosk/')).toBe(true);
    expect(onKiosk('/enrolKiosk/CODE')).toBe(true);
    expect(onKiosk('/checkin/key')).toBe(false);
    expect(onKiosk('/checkin/key/ABCD1234')).toBe(false);
    expect(onKiosk('/checkOut/public-id')).toBe(false);
    expect(onKiosk('/registration/key')).toBe(false);
  });

  it('knows the PIN identification pages, the kiosk variant on a kiosk', () => {
    expect(matchRoute('/pinIdentification/key')).toEqual({ page: 'pinIdentification', kiosk: false, qrCodeKey: 'key' });
    expect(matchRoute('/employeeIdentification/key')).toEqual({
      page: 'pinIdentification',
      kiosk: false,
      qrCodeKey: 'key',
    });
    expect(matchRoute('/employeeIdentificationKiosk/key')).toEqual({
      page: 'pinIdentification',
      kiosk: true,
      qrCodeKey: 'key',
    });
    expect(matchRoute('/pinIdentification/key/more')).toEqual({ page: 'other' });
    expect(runsOnKiosk(matchRoute('/employeeIdentificationKiosk/key'))).toBe(true);
    expect(runsOnKiosk(matchRoute('/pinIdentification/key'))).toBe(false);
  });

  it('encodes the segments of the paths it builds', () => {
    expect(pagePath('checkOut', 'a/b?c')).toBe('/checkOut/a%2Fb%3Fc');
    expect(matchRoute(pagePath('checkOut', 'a/b?c'))).toEqual({ page: 'checkOut', publicIdentifier: 'a/b?c' });
  });
});
