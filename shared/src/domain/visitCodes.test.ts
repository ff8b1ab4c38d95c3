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
});
