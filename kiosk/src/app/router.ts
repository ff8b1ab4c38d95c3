import { useSyncExternalStore } from 'react';

// The public pages are a handful of fixed paths: a small matcher
// and the History API are enough, and keep the kiosk's first screen light.

export type PublicRoute =
  | { page: 'checkIn'; kiosk: boolean; qrCodeKey: string }
  | { page: 'visit'; kiosk: boolean; qrCodeKey: string; identifier: string; status: string | null }
  | { page: 'checkOut'; publicIdentifier: string }
  /** /myData/{publicIdentifier}: the visitor's own data of a visit that is over. */
  | { page: 'myData'; publicIdentifier: string }
  | { page: 'buildingCheckOut'; qrCodeKey: string }
  /**
   * /pinIdentification/{key}, /employeeIdentification/{key} (a phone) and
   * /employeeIdentificationKiosk/{key} (an enrolled kiosk): a person identifies with PINs.
   */
  | { page: 'pinIdentification'; kiosk: boolean; qrCodeKey: string }
  /** A visitor's own visit pages, by the visit's public identifier (the invitation's links). */
  | { page: 'cancelVisit' | 'postponeCheckOut' | 'rescheduleVisit'; identifier: string }
  /** /registration/{key}: a visitor registers ahead for a building. */
  | { page: 'registration'; qrCodeKey: string }
  /** /kiosk/: where the installed app starts; it goes on to the kiosk this device was set up for. */
  | { page: 'launch' }
  /** /enrolKiosk/{code}: an enrolment QR code's link, opened on the tablet to make it a kiosk. */
  | { page: 'enrol'; code: string }
  | { page: 'other' };

function decode(part: string): string | null {
  try {
    const value = decodeURIComponent(part);
    return value.trim() === '' ? null : value;
  } catch {
    return null;
  }
}

export function matchRoute(pathname: string): PublicRoute {
  const raw = pathname.replace(/\/+$/, '').split('/').slice(1);
  const parts = raw.map(decode);
  if (parts.some((part) => part === null)) return { page: 'other' };
  const [root, a, b, c, ...rest] = parts as string[];
  if (root === 'kiosk' && a === undefined) return { page: 'launch' };
  if (rest.length > 0 || a === undefined) return { page: 'other' };
  if (root === 'checkin' || root === 'checkinKiosk') {
    const kiosk = root === 'checkinKiosk';
    if (b === undefined) return { page: 'checkIn', kiosk, qrCodeKey: a };
    return { page: 'visit', kiosk, qrCodeKey: a, identifier: b, status: c ?? null };
  }
  if (b !== undefined) return { page: 'other' };
  if (root === 'enrolKiosk') return { page: 'enrol', code: a };
  if (root === 'checkOut') return { page: 'checkOut', publicIdentifier: a };
  if (root === 'myData') return { page: 'myData', publicIdentifier: a };
  if (root === 'cancelVisit' || root === 'postponeCheckOut' || root === 'rescheduleVisit') {
    return { page: root, identifier: a };
  }
  if (root === 'registration') return { page: 'registration', qrCodeKey: a };
  if (root === 'buildingCheckOut') return { page: 'buildingCheckOut', qrCodeKey: a };
  if (root === 'pinIdentification' || root === 'employeeIdentification') {
    return { page: 'pinIdentification', kiosk: false, qrCodeKey: a };
  }
  if (root === 'employeeIdentificationKiosk') return { page: 'pinIdentification', kiosk: true, qrCodeKey: a };
  return { page: 'other' };
}

/**
 * Whether a page runs on a kiosk (and so needs the service worker that keeps it working
 * offline). A visitor's own phone, on a check-in or check-out link, never installs it: it would
 * download the whole kiosk on the visitor's data plan while their page loads.
 */
export function runsOnKiosk(route: PublicRoute): boolean {
  if (route.page === 'checkIn' || route.page === 'visit' || route.page === 'pinIdentification') return route.kiosk;
  return route.page === 'launch' || route.page === 'enrol' || route.page === 'buildingCheckOut';
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const snapshot = () => `${window.location.pathname}${window.location.search}`;

/** The current path and query; re-renders on navigation (links, back and forward). */
export function useLocation(): URL {
  const current = useSyncExternalStore(subscribe, snapshot);
  return new URL(current, window.location.origin);
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo?.(0, 0);
  listeners.forEach((listener) => listener());
}

/** A page path with its segments encoded (keys and identifiers come from links). */
export function pagePath(...parts: string[]): string {
  return `/${parts.map((part) => encodeURIComponent(part)).join('/')}`;
}
