import { base64url } from './visitCodes.ts';

// The watchlist's matching rule (docs/watchlist.md): an entry names someone by a name, an e-mail,
// a phone or a company, and a check-in matches it when the visitor's value has the same key. The
// key drops what a person may type differently from one day to the next: case and accents
// everywhere, the order of a name's words and its punctuation ("Brontë-Lefèvre, Zoë" is "Zoe
// Bronte Lefevre"), a phone's form (its last 9 digits: a national 0 and a +33 alike).

export const watchlistKinds = ['NAME', 'EMAIL', 'PHONE', 'COMPANY'] as const;
export type WatchlistKind = (typeof watchlistKinds)[number];

/** DENY: refused at the door; HOLD: waits until staff approve (the host is told only then). */
export const watchlistActions = ['DENY', 'HOLD'] as const;
export type WatchlistAction = (typeof watchlistActions)[number];

/** How many of a phone's last digits two numbers are compared by. */
export const WATCH_PHONE_DIGITS = 9;

/** Lower-case, without accents (é, ø and ß as e, o and ss). */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd');
}

const words = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The key a value is compared by, or null when it names nobody (an address without @, 6 digits at least for a phone). */
export function watchKey(kind: WatchlistKind, value: string): string | null {
  switch (kind) {
    case 'NAME': {
      const found = words(value).sort();
      return found.length > 0 ? found.join(' ') : null;
    }
    case 'EMAIL': {
      const address = value.trim().toLowerCase();
      return /^[^\s@]+@[^\s@]+$/.test(address) ? address : null;
    }
    case 'PHONE': {
      const digits = value.replace(/\D/g, '');
      return digits.length >= 6 ? digits.slice(-WATCH_PHONE_DIGITS) : null;
    }
    case 'COMPANY': {
      const found = words(value);
      return found.length > 0 ? found.join(' ') : null;
    }
  }
}

/** What a check-in says of its visitor that the watchlist may name. */
export interface WatchedVisitor {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  companyName: string | null;
}

/** The keys of a visitor, one per kind they gave. */
export function visitorWatchKeys(visitor: WatchedVisitor): { kind: WatchlistKind; key: string }[] {
  const values: [WatchlistKind, string | null][] = [
    ['NAME', `${visitor.firstName ?? ''} ${visitor.lastName ?? ''}`],
    ['EMAIL', visitor.email],
    ['PHONE', visitor.phone],
    ['COMPANY', visitor.companyName],
  ];
  return values.flatMap(([kind, value]) => {
    const key = value === null ? null : watchKey(kind, value);
    return key === null ? [] : [{ kind, key }];
  });
}

/** Of several entries matched, the one that decides: a refusal before a hold. */
export function decidingEntry<E extends { action: WatchlistAction }>(matched: readonly E[]): E | undefined {
  return matched.find((entry) => entry.action === 'DENY') ?? matched[0];
}

/**
 * PBKDF2 rounds of a kiosk's hashed entry (docs/watchlist.md, "On a kiosk"): a check-in costs
 * four on the tablet; a thief testing guesses pays them for every guess.
 */
export const WATCH_HASH_ITERATIONS = 10_000;

/**
 * The form of a key a kiosk holds instead of the value (docs/watchlist.md, "On a kiosk"):
 * PBKDF2-SHA-256 of the key, salted with the company's salt and the kind, 128 bits. WebCrypto,
 * so the server and the tablet compute it alike.
 */
export async function watchHash(salt: string, kind: WatchlistKind, key: string): Promise<string> {
  const encoder = new TextEncoder();
  const material = await crypto.subtle.importKey('raw', encoder.encode(key), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', salt: encoder.encode(`${salt}:${kind}`), iterations: WATCH_HASH_ITERATIONS, hash: 'SHA-256' },
    material,
    128,
  );
  return base64url(bits);
}

/** The company's watchlist as a kiosk holds it: the salt, and each entry's hash and action. */
export interface HashedWatchlist {
  salt: string;
  entries: { hash: string; action: WatchlistAction }[];
}

/** What a kiosk's hashed copy makes of a visitor: the deciding entry's action, or null when none matches. */
export async function hashedWatchAction(
  list: HashedWatchlist,
  visitor: WatchedVisitor,
): Promise<WatchlistAction | null> {
  if (list.entries.length === 0) return null;
  const hashes = new Set(
    await Promise.all(visitorWatchKeys(visitor).map(({ kind, key }) => watchHash(list.salt, kind, key))),
  );
  return decidingEntry(list.entries.filter((entry) => hashes.has(entry.hash)))?.action ?? null;
}
