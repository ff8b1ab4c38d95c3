import { describe, expect, it } from 'vitest';
import {
  newVisitCodes,
  publicIdentifierPattern,
  VISIT_CODE_ALPHABET,
  visitIdentifierPattern,
  visitPinPattern,
} from './visitCodes.ts';

describe('visit codes', () => {
  it('makes codes of the documented shapes, different every time', () => {
    const made = Array.from({ length: 500 }, newVisitCodes);
    for (const codes of made) {
      expect(codes.identifier).toMatch(visitIdentifierPattern);
      expect(codes.publicIdentifier).toMatch(publicIdentifierPattern);
      expect(codes.pin).toMatch(visitPinPattern);
    }
    expect(new Set(made.map((codes) => codes.identifier)).size).toBe(500);
    expect(new Set(made.map((codes) => codes.publicIdentifier)).size).toBe(500);
  });

  it('uses every letter of the alphabet and no look-alike', () => {
    const letters = new Set(
      Array.from({ length: 400 }, () => newVisitCodes().identifier)
        .join('')
        .split(''),
    );
    expect([...letters].sort().join('')).toBe([...VISIT_CODE_ALPHABET].sort().join(''));
    expect(VISIT_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  // A visit's link is the only proof a visitor gives to see, download or erase what is kept about
  // them (docs/privacy.md), so its id must be unguessable: 128 bits from the platform's
  // cryptographic generator, none of them fixed or predictable (no time, no counter). Each of the
  // 128 bit positions over 4,000 ids is set 2,000 times give or take 6 standard deviations (190):
  // a generator with a timestamp or a counter in it misses by far more on its fixed bits.
  it('makes public ids of 128 unpredictable bits', () => {
    const samples = 4000;
    const counts = new Array<number>(128).fill(0);
    for (let i = 0; i < samples; i++) {
      const base64 = newVisitCodes().publicIdentifier.replace(/-/g, '+').replace(/_/g, '/');
      const bytes = Uint8Array.from(atob(`${base64}==`), (char) => char.charCodeAt(0));
      expect(bytes).toHaveLength(16);
      for (let bit = 0; bit < 128; bit++) counts[bit]! += (bytes[bit >> 3]! >> (7 - (bit & 7))) & 1;
    }
    const unbalanced = counts.flatMap((count, bit) => (Math.abs(count - samples / 2) > 190 ? [{ bit, count }] : []));
    expect(unbalanced).toEqual([]);
  });
});
