// Business constants and limits shared by the server and the apps: sessions and tokens' lifetimes,
// sign-in throttling, passwords, body sizes and the date and time formats a user may choose.
export const SERVICE_BASE = '/service';
export const locales = ['en', 'fr', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export const TOKEN_LIFETIME_MINUTES = 1440;
export const IMPERSONATION_TOKEN_LIFETIME_MINUTES = 60;
export const SSO_TOKEN_LIFETIME_MINUTES = 5;
/** A password-reset link works once, within this time. */
export const RESET_PASSWORD_TOKEN_MINUTES = 60;
/** An e-mail verification link works once, within this time. */
export const VERIFICATION_TOKEN_HOURS = 72;
/** A session with no activity for this long ends (SESSION_IDLE_MINUTES on the server). */
export const DEFAULT_SESSION_IDLE_MINUTES = 30;
/** The header a tab sends with the company it works in (admin and tech users): a choice per tab. */
export const TENANT_HEADER = 'x-vestibule-tenant';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const LOGIN_BLOCK_MINUTES = 15;

export const NOTIFICATION_TIMEOUT_MS = 6000;
export const APP_UPDATE_CHECK_MINUTES = 120;
export const CHUNK_LOAD_TIMEOUT_SECONDS = 120;

export const PASSWORD_MIN_LENGTH = 7;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%';
export const USERNAME_MAX_LENGTH = 64;
export const PASSWORD_MAX_LENGTH = 128;

/** Request bodies above this size are refused with 413 PAYLOAD_TOO_LARGE (uploads have their own limits). */
export const JSON_BODY_LIMIT_BYTES = 1_048_576;

export const dateFormats = ['yyyy-MM-dd', 'dd/MM/yyyy', 'MM/dd/yyyy', 'dd.MM.yyyy'] as const;
export const timeFormats = ['HH:mm', 'HH:mm:ss', 'hh:mm a', 'hh:mm:ss a'] as const;
export const defaultDateFormat = 'yyyy-MM-dd';
export const defaultTimeFormat = 'HH:mm';

export const PRODUCT_NAME = 'Vestibule';
export const HELP_URL = 'https://github.com/vestibule-app/vestibule/wiki';

/** The public pages' paths (no sign-in, no toolbar), served by the kiosk app. */
export const publicPagePrefixes = [
  '/checkin',
  '/checkinKiosk',
  '/registration',
  '/cancelVisit',
  '/postponeCheckOut',
  '/rescheduleVisit',
  '/checkOut',
  /** The visitor's own data of a visit once it is over: see, download, erase (docs/privacy.md). */
  '/myData',
  '/buildingCheckOut',
  '/pinIdentification',
  '/employeeIdentification',
  '/employeeIdentificationKiosk',
  /** A tablet enrols as a building's kiosk (the enrolment QR code's link): KIOSK_ENROL_PAGE. */
  '/enrolKiosk',
] as const;

/** A path of one of the public pages (`/checkin/{hash}`, `/checkOut/{identifier}`, ...). */
export function isPublicPage(path: string): boolean {
  return publicPagePrefixes.some((prefix) => path.startsWith(`${prefix}/`));
}

/** The longest comment a visitor may leave at check-in or check-out. */
export const COMMENTS_MAX = 1000;
