import { describe, expect, it } from 'vitest';
import { parseScannedCode } from './scannedCode.ts';

const publicId = 'Ab3_-x9QzLmN0pRsTuVwXy';
const key = 'k3Y_bUiLdInG-0123456789a';

describe('codes the kiosk reads', () => {
  it('reads a visit code in any case, spaces around ignored', () => {
    expect(parseScannedCode('ABCD2345')).toEqual({ kind: 'identifier', identifier: 'ABCD2345', qrCodeKey: null });
    expect(parseScannedCode('  hjkm6789\n')).toEqual({ kind: 'identifier', identifier: 'HJKM6789', qrCodeKey: null });
  });

  it('refuses codes of another length or with characters outside the alphabet (0, 1, O, I, L)', () => {
    for (const text of [
      'ABCD234',
      'ABCD23456',
      'ABCD2340',
      'ABCD2341',
      'ABCDO345',
      'ABCDI345',
      'ABCDL345',
      'ABCD 345',
    ]) {
      expect(parseScannedCode(text)).toBeNull();
    }
  });

  it('reads the link of a visit on any host, with or without the kiosk prefix and the status', () => {
    const expected = { kind: 'identifier', identifier: publicId, qrCodeKey: key };
    expect(parseScannedCode(`https://visits.example.com/checkin/${key}/${publicId}`)).toEqual(expected);
    expect(parseScannedCode(`http://10.0.0.5:8080/checkinKiosk/${key}/${publicId}`)).toEqual(expected);
    expect(parseScannedCode(`https://x.test/checkin/${key}/${publicId}/checkingBack?mt=abc`)).toEqual(expected);
    expect(parseScannedCode(` https://x.test/checkin/${key}/${publicId}/ `)).toEqual(expected);
  });

  it('reads a check-out link', () => {
    expect(parseScannedCode(`https://visits.example.com/checkOut/${publicId}`)).toEqual({
      kind: 'publicIdentifier',
      publicIdentifier: publicId,
    });
  });

  it('refuses everything else', () => {
    for (const text of [
      '',
      'hello',
      `https://x.test/checkin/${key}`,
      `https://x.test/checkinKiosk/${key}`,
      `https://x.test/buildingCheckOut/${key}`,
      `https://x.test/registration/${key}`,
      `https://x.test/checkOut/${publicId}/more`,
      `https://x.test/checkout/${publicId}`,
      `https://x.test/checkOut/${'a'.repeat(65)}`,
      `https://x.test/checkOut/bad%20id`,
      `https://x.test/checkin/${key}/bad%2Fid`,
      `ftp://x.test/checkOut/${publicId}`,
      `javascript:alert(1)//checkOut/${publicId}`,
      `/checkOut/${publicId}`,
      'WIFI:S:lobby;T:WPA;P:secret;;',
    ]) {
      expect(parseScannedCode(text)).toBeNull();
    }
  });
});
