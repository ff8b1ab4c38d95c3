import { type EvacuationGroup, type EvacuationPerson, groupForEvacuation } from '@vestibule/shared';
import type { CheckInEntry, KioskDb, OutboxEntry } from '../../offline/kioskDb.ts';

// The evacuation list on a kiosk, from what the device holds, so it works with the
// network cut: the building's visits it last received (GET /sync/visits: everyone checked in and
// not out), changed by the check-ins and check-outs made on it since (the outbox writes each one
// into the same table in its transaction). The grouping is the server's (shared rule).

export interface KioskEvacuation {
  groups: EvacuationGroup[];
  total: number;
  /** When the building's list last came from the server; null before the first time. */
  listFetchedAt: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** What the check-in made on this device says of the visit: its form, and whether the server refused it. */
function deviceCheckIns(entries: readonly OutboxEntry[]): Map<string, CheckInEntry> {
  const latest = new Map<string, CheckInEntry>();
  for (const entry of entries) {
    if (entry.type !== 'checkIn') continue;
    const known = latest.get(entry.visitId);
    if (!known || known.seq < entry.seq) latest.set(entry.visitId, entry);
  }
  return latest;
}

/**
 * Everyone inside by the device's knowledge. A check-in the server refused because the person
 * was already in (CHECKEDIN) is left out: they are on the list under the visit they are in.
 * Other refusals stay: the door let the person in, whatever the server later said.
 */
export async function kioskEvacuationList(db: KioskDb, qrCodeKey: string): Promise<KioskEvacuation> {
  const [visits, entries, fetched] = await db.transaction('r', [db.visits, db.outbox, db.meta], () =>
    Promise.all([
      db.visits.where('qrCodeKey').equals(qrCodeKey).toArray(),
      db.outbox.toArray(),
      db.meta.get('visitsFetchedAt'),
    ]),
  );
  const checkIns = deviceCheckIns(entries.filter((entry) => (entry.qrCodeKey ?? qrCodeKey) === qrCodeKey));
  const inside: (EvacuationPerson & { visitorType: string })[] = [];
  for (const visit of visits) {
    if (!visit.checkedInAt || visit.checkedOutAt) continue;
    const checkIn = checkIns.get(visit.id);
    if (checkIn?.status === 'rejected' && checkIn.errorCode === 'CHECKEDIN') continue;
    const form = checkIn?.payload.checkInForm ?? {};
    inside.push({
      visitId: visit.id,
      visitorType: visit.visitorType,
      firstName: text(visit.firstName),
      lastName: text(visit.lastName) ?? (text(visit.firstName) ? null : text(form.fullName)),
      companyName: text(form.companyName) ?? text(form.contractorCompanyName) ?? text(visit.companyName),
      // The check-in made here says it; else the server's list (older servers' lists lack it).
      host: text(form.host) ?? text(visit.host),
      checkedInAt: visit.checkedInAt,
      // Phone numbers stay off the lobby tablet (docs/kiosk.md, "The roll call on a kiosk").
      phone: null,
      // Photos stay off the lobby tablet too: staff see them in the admin app only.
      hasPhoto: false,
    });
  }
  const groups = groupForEvacuation(inside);
  return {
    groups,
    total: groups.reduce((sum, group) => sum + group.people.length, 0),
    listFetchedAt: fetched?.value ?? null,
  };
}
