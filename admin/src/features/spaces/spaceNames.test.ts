import { describe, expect, it } from 'vitest';
import { nextName } from './spaceNames.ts';

describe('the name of a copy', () => {
  it('is the next number, keeping its width, or the name with 2', () => {
    expect(nextName('Desk 12', ['Desk 12'])).toBe('Desk 13');
    expect(nextName('Desk 09', [])).toBe('Desk 10');
    expect(nextName('Room A1', [])).toBe('Room A2');
    expect(nextName('Lounge', ['Lounge'])).toBe('Lounge 2');
  });

  it('skips the names the floor has, whatever their case', () => {
    expect(nextName('Desk 12', ['Desk 12', 'desk 13', 'Desk 14'])).toBe('Desk 15');
    expect(nextName('Desk 0', ['Desk 1'])).toBe('Desk 2');
  });
});
