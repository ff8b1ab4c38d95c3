// Text that no field may hold: NUL and the other C0 control characters except tab,
// line feed and carriage return, and unpaired UTF-16 surrogates. PostgreSQL refuses NUL in
// text and cannot encode a lone surrogate, so such text would fail in the database (a 500)
// or, in a kiosk batch, fail the batch on every retry. One rule for the server's input
// guard, the sync push's per-entry check and the shared schemas.

/* eslint-disable no-control-regex -- matching control characters is the point */
const unsafeCharacter =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/* eslint-enable no-control-regex */

/** Whether a string holds a character no field may hold. */
export function isUnsafeText(value: string): boolean {
  return unsafeCharacter.test(value);
}

/** Nesting deeper than this is refused outright (no field of the API nests that deep). */
export const MAX_INPUT_DEPTH = 64;

/**
 * Where the first unsafe string (as a key or a value) sits in a parsed JSON value, as a dotted
 * path; `undefined` when there is none. Nesting beyond MAX_INPUT_DEPTH counts as unsafe.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeText(
  value: unknown,
  skip?: (path: readonly (string | number)[]) => boolean,
): string | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (skip?.(path)) continue;
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return path.join('.') || 'value';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return path.join('.');
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (isUnsafeText(key)) return [...path, key.replace(/[^\x20-\x7E]/g, '?')].join('.');
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/** A copy with every unsafe character replaced by U+FFFD, so a refused entry can still be kept for staff. */
export function withoutUnsafeText(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(new RegExp(unsafeCharacter.source, 'g'), '\uFFFD');
  if (value === null || typeof value !== 'object' || depth >= MAX_INPUT_DEPTH)
    return depth >= MAX_INPUT_DEPTH ? null : value;
  if (Array.isArray(value)) return value.map((item) => withoutUnsafeText(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      withoutUnsafeText(key, depth + 1) as string,
      withoutUnsafeText(item, depth + 1),
    ]),
  );
}
