import { describe, expect, it } from 'vitest';
import { compareVersions } from './version.ts';

describe('version comparison, numeric per dot segment', () => {
  it('orders numerically, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.3')).toBe(1);
    expect(compareVersions('1.4.188', '1.5.188')).toBe(-1);
    expect(compareVersions('2.0', '2.0.0')).toBe(0);
  });
});
