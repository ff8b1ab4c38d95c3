import { describe, expect, it } from 'vitest';
import { initialLocale, kioskLocale } from './i18n.ts';

describe('initial language of the public pages', () => {
  it('prefers the saved language', () => {
    expect(initialLocale('es', ['fr-FR'], 'en')).toBe('es');
  });
  it('falls back to the first supported browser language', () => {
    expect(initialLocale(null, ['de-DE', 'fr-CA'], 'es')).toBe('fr');
  });
  it("falls back to the building's default, else English", () => {
    expect(initialLocale(null, ['de-DE'], 'es')).toBe('es');
    expect(initialLocale('xx', [], null)).toBe('en');
  });
});

describe('language of a kiosk', () => {
  it("uses the building's default first, then the device's language", () => {
    expect(kioskLocale('fr', ['es-ES'])).toBe('fr');
    expect(kioskLocale('xx', ['es-ES'])).toBe('es');
    expect(kioskLocale(null, ['de'])).toBe('en');
  });
});
