import { describe, expect, it } from 'vitest';
import { newBuildingSettings } from '../domain/buildingDefaults.ts';
import {
  buildingAddressSchema,
  buildingDeviceTextsSchema,
  buildingSettingsSchema,
  cameraInputSchema,
  formatDeviceIds,
  isIpv4,
  parseDeviceIds,
} from './building.ts';

const address = {
  name: 'HQ',
  address1: '1 Main St',
  city: 'Toronto',
  zip: 'M5V 1A1',
  state: 'ON',
  countryCode: 'CA',
  pinCode: '1234',
};
const camera = { name: 'Lobby', ipAddress: '10.0.0.5', cameraPlace: 'ENTRY' };

/** The value at the limit passes, one character more fails. */
function expectLimit(parse: (value: string) => boolean, max: number, char = 'a') {
  expect(parse(char.repeat(max)), `${max} characters`).toBe(true);
  expect(parse(char.repeat(max + 1)), `${max + 1} characters`).toBe(false);
}

describe('building address and contact rules', () => {
  const ok = (field: string) => (value: string) =>
    buildingAddressSchema.safeParse({ ...address, [field]: value }).success;
  it('limits each text field at its edge value', () => {
    expectLimit(ok('name'), 80);
    expectLimit(ok('address1'), 40);
    expectLimit(ok('address2'), 40);
    expectLimit(ok('city'), 40);
    expectLimit(ok('zip'), 14, '1');
    expectLimit(ok('state'), 20);
    expectLimit(ok('externalId'), 250);
    expectLimit(ok('phone'), 15, '1');
    expectLimit(ok('pinCode'), 4, '7');
    expect(ok('email')(`${'a'.repeat(84)}@example.com`)).toBe(true);
    expect(ok('email')(`${'a'.repeat(85)}@example.com`)).toBe(false);
  });
  it('requires name, address1, city, zip, state, country and PIN', () => {
    for (const field of ['name', 'address1', 'city', 'zip', 'state', 'countryCode', 'pinCode']) {
      expect(buildingAddressSchema.safeParse({ ...address, [field]: undefined }).success, field).toBe(false);
    }
    expect(ok('name')('   ')).toBe(false);
  });
  it('accepts letters, digits, space, hyphen and dot in a zip, nothing else', () => {
    expect(ok('zip')('AB-12.3 4')).toBe(true);
    expect(ok('zip')('12345/6')).toBe(false);
  });
  it('takes only digits and a leading plus in a phone, and digits in a PIN', () => {
    expect(ok('phone')('+14165550100')).toBe(true);
    expect(ok('phone')('416-555-0100')).toBe(false);
    expect(ok('pinCode')('12a4')).toBe(false);
  });
});

describe('building settings rules', () => {
  const settings = newBuildingSettings();
  const ok = (patch: Record<string, unknown>) => buildingSettingsSchema.safeParse({ ...settings, ...patch }).success;
  it('limits consent, success and failure texts to 5000 and senderEmail to 200', () => {
    for (const field of ['consentText', 'successFormText', 'failureFormText'])
      expectLimit((v) => ok({ [field]: v }), 5000);
    const list = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(ok({ senderEmail: list(200) })).toBe(true);
    expect(ok({ senderEmail: list(201) })).toBe(false);
  });
  it('accepts several e-mails in senderEmail', () => {
    expect(ok({ senderEmail: 'a@example.com, b@example.org;c@example.net' })).toBe(true);
    expect(ok({ senderEmail: 'a@example.com, b' })).toBe(false);
  });
  it('requires unit, minimum and maximum when measuring temperature', () => {
    expect(ok({ checkInTemperatureMeasuresEnabled: true })).toBe(false);
    expect(
      ok({ checkInTemperatureMeasuresEnabled: true, minAllowedTemperature: 35, maxAllowedTemperature: 37.5 }),
    ).toBe(true);
    expect(
      ok({ checkOutTemperatureMeasuresEnabled: true, minAllowedTemperature: 35, maxAllowedTemperature: null }),
    ).toBe(false);
    expect(ok({ minAllowedTemperature: 38, maxAllowedTemperature: 37 })).toBe(false);
  });
  it('needs the specific time in SPECIFIC_TIME mode and a timeout in TIMEOUT mode', () => {
    expect(ok({ autoCheckoutMode: 'SPECIFIC_TIME', autoCheckOutTimeout: null, autoCheckoutSpecificTime: null })).toBe(
      false,
    );
    expect(
      ok({ autoCheckoutMode: 'SPECIFIC_TIME', autoCheckOutTimeout: null, autoCheckoutSpecificTime: '23:59' }),
    ).toBe(true);
    expect(ok({ autoCheckoutMode: 'SPECIFIC_TIME', autoCheckoutSpecificTime: '24:00' })).toBe(false);
    expect(ok({ autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: null })).toBe(false);
  });
  it('requires a valid time zone and a supported language', () => {
    expect(ok({ timeZoneId: 'Asia/Tokyo' })).toBe(true);
    expect(ok({ timeZoneId: 'Nowhere/Place' })).toBe(false);
    expect(ok({ defaultLocale: 'es' })).toBe(true);
    expect(ok({ defaultLocale: 'it' })).toBe(false);
  });
});

describe('kiosk and camera rules', () => {
  it('limits kiosk texts to 128', () => {
    expectLimit(
      (v) => buildingDeviceTextsSchema.safeParse({ devicesSuccessText: v, devicesAttentionText: '' }).success,
      128,
    );
    expectLimit(
      (v) => buildingDeviceTextsSchema.safeParse({ devicesSuccessText: '', devicesAttentionText: v }).success,
      128,
    );
  });
  it('accepts four groups of 1 to 3 digits as a device address', () => {
    expect(isIpv4('192.168.1.20')).toBe(true);
    expect(isIpv4('1.2.3')).toBe(false);
    expect(isIpv4('1.2.3.4444')).toBe(false);
    expect(isIpv4('256.1.1.1')).toBe(false);
  });
  it('keeps device addresses wrapped in the triple-semicolon separator', () => {
    const stored = formatDeviceIds(['10.0.0.1', '10.0.0.2']);
    expect(stored).toBe(';;;10.0.0.1;;;;;;10.0.0.2;;;');
    expect(parseDeviceIds(stored)).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(parseDeviceIds('')).toEqual([]);
  });
  it('limits camera fields to 128 and requires name, address and place', () => {
    for (const field of ['name', 'ipAddress', 'authUser', 'authPassword']) {
      expectLimit((v) => cameraInputSchema.safeParse({ ...camera, [field]: v }).success, 128);
    }
    expect(cameraInputSchema.safeParse({ ...camera, cameraPlace: undefined }).success).toBe(false);
    expect(cameraInputSchema.safeParse({ ...camera, name: '' }).success).toBe(false);
  });
});
