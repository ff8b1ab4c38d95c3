import { describe, expect, it } from 'vitest';
import { initialLocale } from './i18n.ts';

describe('initial language of the public pages', () => {
  it('prefers the saved language', () => {
    expect(initialLocale('es', 'fr-FR')).toBe('es');
  });
  it('falls back to the browser language when supported, else English', () => {
    expect(initialLocale(null, 'fr-CA')).toBe('fr');
    expect(initialLocale(null, 'de-DE')).toBe('en');
    expect(initialLocale('xx', undefined)).toBe('en');
  });
});
