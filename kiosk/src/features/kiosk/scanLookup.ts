import type { KioskDb } from '../../offline/kioskDb.ts';
import { localVisitSummary } from '../../offline/localVisitSummary.ts';
import type { ParsedCode } from '../scanner/index.ts';
import { type CachedDirectory, type PassOutcome, lookUpAtServer, visitOutcome } from '../checkin/index.ts';

/** A scanned code's outcome, or a link of another building's visit (its own kiosk page decides). */
export type ScanOutcome = PassOutcome | { kind: 'otherBuilding'; qrCodeKey: string; identifier: string };

export interface ScanKiosk {
  qrCodeKey: string;
  buildingId: string;
  buildingName: string;
}

/**
 * What a scanned (or typed) invitation, visit code or pass leads to on a kiosk. The visits the
 * device knows answer first (made here, or today's list from the server), offline too: the
 * wizard prefilled for an expected or returning visit (its form and PIN), or "already checked
 * in". A code the device does not know is asked of the server (an invitation made after the
 * last refresh), else of the cached directory (a pass); offline, one neither knows is "unchecked".
 */
export async function lookUpScannedCode(
  db: KioskDb,
  code: ParsedCode,
  kiosk: ScanKiosk,
  directory: CachedDirectory,
  options: { online: boolean; fetchTarget?: Parameters<typeof lookUpAtServer>[3]['fetchTarget']; now?: Date },
): Promise<ScanOutcome> {
  const value = code.kind === 'publicIdentifier' ? code.publicIdentifier : code.identifier;
  const visit =
    (await db.visits.where('identifier').equals(value).first()) ??
    (await db.visits.where('publicIdentifier').equals(value).first());
  if (visit && visit.qrCodeKey === kiosk.qrCodeKey) {
    const summary = localVisitSummary(visit, { id: kiosk.buildingId, name: kiosk.buildingName }, options.now);
    return visitOutcome({ ...summary, pin: visit.pin, checkInForm: visit.checkInForm ?? null });
  }
  if (code.kind === 'identifier' && code.qrCodeKey && code.qrCodeKey !== kiosk.qrCodeKey) {
    return options.online
      ? { kind: 'otherBuilding', qrCodeKey: code.qrCodeKey, identifier: code.identifier }
      : { kind: 'unchecked' };
  }
  return lookUpAtServer(kiosk.qrCodeKey, value, directory, options);
}
