import { useLiveQuery } from 'dexie-react-hooks';
import { type EnrolKioskResponse, KIOSK_CREDENTIAL_HEADER, kioskCredentialValue } from '@vestibule/shared';
import { type KioskDb, pageKioskDb } from './kioskDb.ts';

// An enrolled kiosk (docs/kiosk.md, "Enrolment"): the credential an administrator's enrolment code gave this
// tablet, kept in IndexedDB with the outbox and sent with every kiosk call. What the server
// last said of it (revoked, or not enrolled any more) is kept too, so the kiosk says why it
// stopped, offline as well.

/** How this tablet stands as a kiosk: undefined while IndexedDB is read. */
export type KioskAccess =
  { state: 'enrolled'; name: string | null } | { state: 'unenrolled' } | { state: 'revoked'; name: string | null };

export async function credentialOf(db: KioskDb): Promise<string | null> {
  return (await db.meta.get('credential'))?.value ?? null;
}

/** Keeps the new credential and the building it serves; forgets an earlier refusal. */
export async function saveEnrolment(db: KioskDb, enrolled: EnrolKioskResponse): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await db.meta.put({ key: 'credential', value: kioskCredentialValue(enrolled.deviceId, enrolled.secret) });
    await db.meta.put({ key: 'kioskName', value: enrolled.name });
    await db.meta.put({ key: 'qrCodeKey', value: enrolled.qrCodeKey });
    await db.meta.delete('kioskAccess');
  });
}

/** Records a refusal of this kiosk's credential the server answered (a clone of the response). */
async function noteRefusal(db: KioskDb, response: Response): Promise<void> {
  const body: unknown = await response.json().catch(() => null);
  const errorCode = typeof body === 'object' && body !== null && 'errorCode' in body ? body.errorCode : null;
  const access =
    errorCode === 'KIOSK_DEVICE_REVOKED' ? 'revoked' : errorCode === 'KIOSK_ENROLMENT_REQUIRED' ? 'unenrolled' : null;
  if (access) await db.meta.put({ key: 'kioskAccess', value: access });
}

/**
 * `fetch` that carries this tablet's kiosk credential, when it has one, and notes when the
 * server refuses it. A visitor's phone has none: its calls are unchanged.
 */
export function withCredential(db: () => KioskDb, fetchImpl: typeof fetch = (i, o) => fetch(i, o)): typeof fetch {
  return async (input, init) => {
    const credential = await credentialOf(db()).catch(() => null);
    if (!credential) return fetchImpl(input, init);
    const headers = new Headers(init?.headers);
    headers.set(KIOSK_CREDENTIAL_HEADER, credential);
    const response = await fetchImpl(input, { ...init, headers });
    if (response.status === 401 || response.status === 403)
      await noteRefusal(db(), response.clone()).catch(() => undefined);
    return response;
  };
}

/** The page's fetch for kiosk calls. */
export const kioskFetch: typeof fetch = withCredential(pageKioskDb);

/** This tablet's kiosk access, live (changes as soon as it is enrolled or refused). */
export function useKioskAccess(db: KioskDb): KioskAccess | undefined {
  return useLiveQuery(async (): Promise<KioskAccess> => {
    const entries = await db.meta.bulkGet(['credential', 'kioskName', 'kioskAccess']);
    const [credential, name = null, refused] = entries.map((entry) => entry?.value ?? null);
    if (!credential || refused === 'unenrolled') return { state: 'unenrolled' };
    if (refused === 'revoked') return { state: 'revoked', name };
    return { state: 'enrolled', name };
  }, [db]);
}
