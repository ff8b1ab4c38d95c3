// The links a visit's e-mails carry. A job has no request to take an origin from: the links
// start at PUBLIC_URL, else at this server on localhost (a development machine).
import type { AppConfig } from '../../config.ts';

export function publicBase(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
}

export interface VisitLinks {
  /** The visit's check-in link, which its QR code encodes (the kiosk reads it as the phone page does). */
  checkIn: string;
  cancel: string;
  postpone: string;
  reschedule: string;
  checkOut: string;
}

/** The public pages of a visit, by its building's check-in key and the visit's public identifier. */
export function visitLinks(base: string, qrCodeKey: string, publicIdentifier: string): VisitLinks {
  const id = encodeURIComponent(publicIdentifier);
  return {
    checkIn: `${base}/checkin/${encodeURIComponent(qrCodeKey)}/${id}`,
    cancel: `${base}/cancelVisit/${id}`,
    postpone: `${base}/postponeCheckOut/${id}`,
    reschedule: `${base}/rescheduleVisit/${id}`,
    checkOut: `${base}/checkOut/${id}`,
  };
}
