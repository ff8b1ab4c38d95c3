// Reads and writes of Web Storage that never throw: storage may be full, disabled
// (private mode) or hold a value written by an older version of the app.

export function readString(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function readNumber(storage: Storage, key: string): number | null {
  const raw = readString(storage, key);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function readJson(storage: Storage, key: string): unknown {
  const raw = readString(storage, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeValue(storage: Storage, key: string, value: string | number | object | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  } catch {
    // Storage full or disabled: the session still works until the page is reloaded.
  }
}

export function removeValue(storage: Storage, key: string): void {
  writeValue(storage, key, null);
}
