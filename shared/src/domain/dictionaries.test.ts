import { describe, expect, it } from 'vitest';
import { countries, countryCodes, isCountryCode, isValidTimeZone, timeZones } from './dictionaries.ts';

describe('dictionaries', () => {
  it('lists every ISO 3166 country with its name in each language', () => {
    expect(countryCodes).toHaveLength(249);
    expect(new Set(countryCodes).size).toBe(249);
    expect(countries('en').find((c) => c.code === 'DE')!.name).toBe('Germany');
    expect(countries('fr').find((c) => c.code === 'DE')!.name).toBe('Allemagne');
    expect(countries('es').find((c) => c.code === 'DE')!.name).toBe('Alemania');
    expect(isCountryCode('CA')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
  });
  it('lists the IANA time zones and checks one', () => {
    expect(timeZones()).toContain('America/Toronto');
    expect(timeZones().length).toBeGreaterThan(300);
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
