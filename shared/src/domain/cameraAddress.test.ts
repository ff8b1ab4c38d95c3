import { describe, expect, it } from 'vitest';
import { cameraAddressRefusal, isLocalIpAddress } from './cameraAddress.ts';

describe('camera addresses the server may call', () => {
  it('refuses loopback, link-local, unspecified, multicast and metadata addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '169.254.169.254',
      '169.254.1.1',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '0:0:0:0:0:0:0:1',
    ])
      expect({ address, local: isLocalIpAddress(address) }).toEqual({ address, local: true });
    for (const address of ['10.0.0.5', '172.16.4.4', '192.168.1.20', '8.8.8.8', 'fd12:3456::1', '2001:db8::1'])
      expect({ address, local: isLocalIpAddress(address) }).toEqual({ address, local: false });
  });

  it('takes only http(s) addresses without credentials in them, and names what is wrong', () => {
    expect(cameraAddressRefusal('192.168.1.20:8080', false)).toBeUndefined();
    expect(cameraAddressRefusal('https://cam-north.lobby.example', false)).toBeUndefined();
    expect(cameraAddressRefusal('file:///etc/passwd', false)).toBe('scheme');
    expect(cameraAddressRefusal('gopher://10.0.0.1', false)).toBe('scheme');
    expect(cameraAddressRefusal('http://user:pass@10.0.0.1', false)).toBe('scheme');
    expect(cameraAddressRefusal('localhost:3000', false)).toBe('local');
    expect(cameraAddressRefusal('http://metadata.google.internal/computeMetadata', false)).toBe('local');
    expect(cameraAddressRefusal('http://[::1]:8080', false)).toBe('local');
    expect(cameraAddressRefusal('127.0.0.1:8080', false)).toBe('local');
    expect(cameraAddressRefusal('127.0.0.1:8080', true)).toBeUndefined();
  });
});
