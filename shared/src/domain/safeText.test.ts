import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, findUnsafeText, isUnsafeText, withoutUnsafeText } from './safeText.ts';

describe('text no field may hold', () => {
  it('finds NUL, other control characters and unpaired surrogates, and lets everything else through', () => {
    for (const bad of ['a\u0000b', '\u0007', '\u001F', 'x\uD800', '\uDC00y', 'a\uDBFFb'])
      expect({ bad, unsafe: isUnsafeText(bad) }).toEqual({ bad, unsafe: true });
    for (const good of ['Élodie Dupré', 'line\nbreak\ttab\r', '😀 paired surrogates', '中文', ''])
      expect({ good, unsafe: isUnsafeText(good) }).toEqual({ good, unsafe: false });
  });

  it('names the field of the first unsafe value or key, skips what the caller checks itself, and refuses absurd nesting', () => {
    expect(findUnsafeText({ a: { b: ['ok', 'bad\u0000'] } })).toBe('a.b.1');
    expect(findUnsafeText({ ['k\u0000']: 1 })).toBe('k?');
    expect(
      findUnsafeText({ mutations: [{ payload: { x: '\u0000' } }] }, (path) => path[2] === 'payload'),
    ).toBeUndefined();
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH + 1; i++) deep = [deep];
    expect(findUnsafeText(deep)).toBeTypeOf('string');
    expect(findUnsafeText({ fine: ['a', 1, null, true] })).toBeUndefined();
  });

  it('replaces unsafe characters so a refused entry can still be stored', () => {
    expect(withoutUnsafeText({ name: 'a\u0000b', list: ['\uD800'] })).toEqual({ name: 'a\uFFFDb', list: ['\uFFFD'] });
  });
});
