import { isWizardVisitorType } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import type { KioskConfig } from '../../offline/kioskConfig.ts';
import type { KioskDb, LocalVisit } from '../../offline/kioskDb.ts';
import { localVisitSummary } from '../../offline/localVisitSummary.ts';
import { commitCheckOut } from '../../offline/outbox.ts';
import type { SyncRunner } from '../../offline/runtime.ts';
import type { CheckOutData, CheckOutRequest } from '../checkout/index.ts';
import type { SelfCheckOutMatch } from '@vestibule/shared';

// A kiosk's self check-out works from the visits the device knows (docs/kiosk.md, "Self
// check-out"): those made on it
// and today's list from the server (present and expected). A visit found there is checked out
// through the outbox, offline too; the server is asked only when the device knows nothing.

/**
 * What a person checks out of: a visit the device knows (outbox), or one only the server found:
 * by its code and PIN (its public identifier) or by this kiosk's search (a ticket).
 */
export type CheckOutTarget =
  | { kind: 'local'; visit: LocalVisit }
  | { kind: 'server'; publicIdentifier: string }
  | { kind: 'ticket'; ticket: string; visitId: string };

/** One visit found, shown by first name, last initial and check-in time. */
export interface FoundVisit {
  key: string;
  firstName: string;
  lastInitial: string;
  checkedInAt: string | null;
  target: CheckOutTarget;
}

/** The most visits a search shows (as the server's search). */
const MAX_FOUND = 10;

/** A name compared without case or accents ("Éloïse" and "eloise" are the same). */
export function normaliseName(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').trim();
}

const isOpen = (visit: LocalVisit) => visit.checkedInAt !== null && visit.checkedOutAt === null;

/** The building's visits this device knows as checked in and not out. */
export function openLocalVisits(db: KioskDb, qrCodeKey: string): Promise<LocalVisit[]> {
  return db.visits.where('qrCodeKey').equals(qrCodeKey).filter(isOpen).toArray();
}

function found(visit: LocalVisit): FoundVisit {
  return {
    key: visit.id,
    firstName: visit.firstName ?? '',
    lastInitial: (visit.lastName ?? '').slice(0, 1).toLocaleUpperCase(),
    checkedInAt: visit.checkedInAt,
    target: { kind: 'local', visit },
  };
}

/** Open visits the device knows whose last name starts with `lastName` (case and accents ignored). */
export async function localByLastName(db: KioskDb, qrCodeKey: string, lastName: string): Promise<FoundVisit[]> {
  const wanted = normaliseName(lastName);
  if (wanted === '') return [];
  // The whole last name, as the server's search asks: a letter or two must not list strangers.
  const visits = (await openLocalVisits(db, qrCodeKey)).filter(
    (visit) => normaliseName(visit.lastName ?? '') === wanted,
  );
  visits.sort((a, b) => (b.checkedInAt ?? '').localeCompare(a.checkedInAt ?? ''));
  return visits.slice(0, MAX_FOUND).map(found);
}

/**
 * The open visit of a visit code among those the device knows, if the PIN rule lets it out:
 * - a visit whose PIN the device knows (made on this kiosk, or an invitation of the server's list
 *   checked in here) needs its PIN: the PIN typed must be its PIN;
 * - a visit of the server's list that was in already has no PIN on the device. While
 *   the kiosk is offline its code alone is accepted, as the code is the visitor's own and the
 *   check-out is still checked by the server when it syncs. Online, the code + PIN rule
 *   applies: null here, and the page asks the server (`searchMeeting`).
 */
export async function localByCode(
  db: KioskDb,
  qrCodeKey: string,
  code: string,
  pin: string,
  online: boolean,
): Promise<LocalVisit | null> {
  const identifier = code.trim().toUpperCase();
  if (identifier === '') return null;
  const visits = await db.visits.where('identifier').equals(identifier).toArray();
  const visit = visits.find((candidate) => candidate.qrCodeKey === qrCodeKey && isOpen(candidate));
  if (!visit) return null;
  if (visit.pin !== null) return visit.pin === pin ? visit : null;
  return online ? null : visit;
}

/**
 * Where a visit the server found is checked out: through the outbox when the device knows it
 * open; nowhere (null) when this device already checked it out and has not synced yet; else
 * with the server (`remote`).
 */
export async function targetOf(
  db: KioskDb,
  qrCodeKey: string,
  lookup: { visitId: string } | { publicIdentifier: string },
  remote: CheckOutTarget,
): Promise<CheckOutTarget | null> {
  const candidates =
    'visitId' in lookup
      ? [await db.visits.get(lookup.visitId)]
      : await db.visits.where('publicIdentifier').equals(lookup.publicIdentifier).toArray();
  const known = candidates.find((visit) => visit?.qrCodeKey === qrCodeKey);
  if (known?.checkedOutAt) return null;
  return known && isOpen(known) ? { kind: 'local', visit: known } : remote;
}

/** The server's matches as the page shows them (see targetOf). */
export async function withLocalTargets(
  db: KioskDb,
  qrCodeKey: string,
  matches: SelfCheckOutMatch[],
): Promise<FoundVisit[]> {
  const list: FoundVisit[] = [];
  for (const match of matches) {
    const remote = { kind: 'ticket', ticket: match.ticket, visitId: match.visitId } as const;
    const target = await targetOf(db, qrCodeKey, { visitId: match.visitId }, remote);
    if (!target) continue;
    list.push({
      key: match.visitId,
      firstName: match.firstName,
      lastInitial: match.lastInitial,
      checkedInAt: match.checkedInAt,
      target,
    });
  }
  return list;
}

/** The check-out form's data for a visit the device knows, from the cached configuration. */
export function localCheckOutData(config: KioskConfig, visit: LocalVisit): CheckOutData {
  const type = isWizardVisitorType(visit.visitorType) ? visit.visitorType : null;
  // The measure settings are the building's: any person type's copy has them.
  const settings = (type && config.checkInData[type]) ?? Object.values(config.checkInData)[0];
  const building = config.building.building;
  const summary = localVisitSummary(visit, building);
  return {
    visit: summary,
    exitQuestionnaires: (type && config.exitQuestionnaires[type]) ?? [],
    checkOutTemperatureMeasuresEnabled: settings?.checkOutTemperatureMeasuresEnabled ?? false,
    allowCheckOutManualTemperatureMeasure: settings?.allowCheckOutManualTemperatureMeasure ?? false,
    commentsEnabled: settings?.commentsEnabled ?? false,
    temperatureUnit: settings?.temperatureUnit ?? 'CELSIUS',
    minTemperature: settings?.minTemperature ?? null,
    maxTemperature: settings?.maxTemperature ?? null,
  };
}

/** Whether the cached configuration has this visit's exit questionnaires (a person type the kiosk serves). */
export function configCovers(config: KioskConfig, visit: LocalVisit): boolean {
  return isWizardVisitorType(visit.visitorType) && config.exitQuestionnaires[visit.visitorType] !== undefined;
}

/**
 * Checks a visit out on the device: the visit and its outbox entry in one strict-durability
 * transaction, then the runner is asked to push. Resolves only after the commit.
 */
export async function checkOutLocally(runner: SyncRunner, visitId: string, body: CheckOutRequest): Promise<void> {
  try {
    await commitCheckOut(runner.db, visitId, body);
  } catch (failure) {
    // Checked out meanwhile (another tab, the server's list): the catalogue's words for it.
    const visit = await runner.db.visits.get(visitId).catch(() => undefined);
    if (!visit || visit.checkedOutAt) throw new ApiError(404, 'CHECKOUT_VISIT_NOT_FOUND', 'already checked out');
    throw failure;
  }
  void runner.request();
}

/**
 * After a check-out made with the server (a visit only it knew, or the page's PATCH), the
 * device's copy of that visit is closed too, so the next search does not offer it again.
 */
export async function closeLocalCopy(db: KioskDb, visit: { visitId: string } | { publicIdentifier: string }) {
  const now = new Date().toISOString();
  const copies =
    'visitId' in visit
      ? db.visits.where('id').equals(visit.visitId)
      : db.visits.where('publicIdentifier').equals(visit.publicIdentifier);
  await copies
    .filter(isOpen)
    .modify({ checkedOutAt: now })
    .catch(() => undefined);
}
