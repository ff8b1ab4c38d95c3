import { describe, expect, it } from 'vitest';
import { detectInitialLocale } from './locale.ts';

describe('detectInitialLocale', () => {
  it('uses the saved language first', () => {
    expect(detectInitialLocale('es', ['fr-FR', 'en-US'])).toBe('es');
  });

  it('ignores a saved value that is not a supported language', () => {
    expect(detectInitialLocale('de', ['fr-CA'])).toBe('fr');
  });

  it('takes the first two letters of the browser language when supported', () => {
    expect(detectInitialLocale(null, ['fr-CA', 'en'])).toBe('fr');
    expect(detectInitialLocale(null, ['ES'])).toBe('es');
  });

  it('falls back to English for an unsupported browser language, without looking further', () => {
    expect(detectInitialLocale(null, ['de-DE', 'fr-FR'])).toBe('en');
  });

  it('falls back to English when nothing is known', () => {
    expect(detectInitialLocale(null, [])).toBe('en');
  });
});
