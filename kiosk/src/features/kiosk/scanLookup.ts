import { isWizardVisitorType } from '@vestibule/shared';
import type { KioskDb, LocalVisit } from '../../offline/kioskDb.ts';
import { localVisitSummary } from '../../offline/localVisitSummary.ts';
import type { ParsedCode } from '../scanner/index.ts';
import type { VisitPreset } from '../checkin/index.ts';

export type ScanOutcome =
  | { kind: 'checkIn'; preset: VisitPreset }
  | { kind: 'alreadyIn'; visit: LocalVisit }
  | { kind: 'link'; qrCodeKey: string; identifier: string }
  | { kind: 'unknown' };

/**
 * What a scanned (or typed) invitation or visit code leads to on a kiosk, from the visits the
 * device knows (made here, or today's list from the server): the wizard prefilled for an
 * expected or returning visit, or "already checked in". A link of another building, or a
 * visit the device does not know, needs the server.
 */
export async function lookUpScannedCode(
  db: KioskDb,
  code: ParsedCode,
  kiosk: { qrCodeKey: string; buildingId: string; buildingName: string },
): Promise<ScanOutcome> {
  const value = code.kind === 'publicIdentifier' ? code.publicIdentifier : code.identifier;
  const visit =
    (await db.visits.where('identifier').equals(value).first()) ??
    (await db.visits.where('publicIdentifier').equals(value).first());
  if (visit && visit.qrCodeKey === kiosk.qrCodeKey) {
    if (visit.checkedInAt && !visit.checkedOutAt) return { kind: 'alreadyIn', visit };
    const visitorType = isWizardVisitorType(visit.visitorType) ? visit.visitorType : null;
    if (visitorType) {
      const checkingBack = visit.checkedInAt !== null && visit.checkedOutAt !== null;
      return {
        kind: 'checkIn',
        preset: {
          visit: localVisitSummary(visit, { id: kiosk.buildingId, name: kiosk.buildingName }),
          visitorType,
          checkingBack,
        },
      };
    }
  }
  if (code.kind === 'identifier' && code.qrCodeKey) {
    return { kind: 'link', qrCodeKey: code.qrCodeKey, identifier: code.identifier };
  }
  return { kind: 'unknown' };
}
