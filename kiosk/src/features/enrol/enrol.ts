import {
  type EnrolKioskResponse,
  KIOSK_ENROL_PAGE,
  kioskEnrolmentCodePattern,
  normaliseEnrolmentCode,
} from '@vestibule/shared';
import { apiClient } from '../../app/apiClient.ts';
import { APP_VERSION } from '../../offline/appVersion.ts';
import { saveEnrolment } from '../../offline/credential.ts';
import type { KioskDb } from '../../offline/kioskDb.ts';
import { deviceIdOf } from '../../offline/outbox.ts';
import { provisionKiosk } from '../../offline/provision.ts';

/** Whether a typed code has the shape of an enrolment code (spaces, dashes and case ignored). */
export function isEnrolmentCode(typed: string): boolean {
  return kioskEnrolmentCodePattern.test(normaliseEnrolmentCode(typed));
}

/**
 * Enrols this tablet with an administrator's one-time code: the device keeps its own id (its
 * queued entries carry it) and receives its credential, kept with the outbox; the tablet then
 * serves the code's building (persistent storage asked for, as at provisioning).
 */
export async function enrolThisKiosk(db: KioskDb, code: string): Promise<EnrolKioskResponse> {
  const deviceId = await deviceIdOf(db);
  const enrolled = await apiClient.call('POST /kiosk/enrol', {
    body: { code: normaliseEnrolmentCode(code), deviceId, appVersion: APP_VERSION },
  });
  await saveEnrolment(db, enrolled);
  await provisionKiosk(db, enrolled.qrCodeKey);
  return enrolled;
}

/** The code in an enrolment link (`/enrolKiosk/{code}`), for a scanned or pasted link. */
export function codeOfEnrolmentLink(text: string): string | null {
  const match = new RegExp(`${KIOSK_ENROL_PAGE}/([^/?#]+)`).exec(text);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
