import { type ReactNode, useId } from 'react';

// The kiosk's pictures: stroke icons drawn on a 24-unit grid, and the flags of its languages.
// Each stands beside its word (never alone), so each is hidden from screen readers.

function Icon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export type IconName =
  'visitor' | 'contractor' | 'employee' | 'checkOut' | 'qrCode' | 'pin' | 'accessibility' | 'close';

const paths: Record<IconName, ReactNode> = {
  // A person with a visitor's badge.
  visitor: (
    <>
      <circle cx="10" cy="7" r="3.5" />
      <path d="M3.5 20c0-3.6 2.9-6.5 6.5-6.5 1.4 0 2.7.4 3.7 1.2" />
      <rect x="15" y="14" width="6" height="7" rx="1" />
      <path d="M17 17h2" />
    </>
  ),
  // A hard hat: its dome and ridge over the brim.
  contractor: (
    <>
      <path d="M4.5 16a7.5 7.5 0 0 1 15 0" />
      <path d="M2.5 16h19v2.5h-19z" />
      <path d="M12 8.5v4M8.8 9.6l.9 3.4M15.2 9.6l-.9 3.4" />
    </>
  ),
  // An identity card.
  employee: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="2" />
      <circle cx="8.5" cy="11" r="2.2" />
      <path d="M5.5 16c.5-1.5 1.6-2.3 3-2.3s2.5.8 3 2.3" />
      <path d="M14.5 10h4.5M14.5 13.5h3" />
    </>
  ),
  // A door, and an arrow leaving it.
  checkOut: (
    <>
      <path d="M13 4H5.5v16H13" />
      <path d="M10 12h10.5" />
      <path d="m17 8.5 3.5 3.5-3.5 3.5" />
    </>
  ),
  qrCode: (
    <>
      <rect x="3.5" y="3.5" width="6.5" height="6.5" rx="1" />
      <rect x="14" y="3.5" width="6.5" height="6.5" rx="1" />
      <rect x="3.5" y="14" width="6.5" height="6.5" rx="1" />
      <path d="M14 14h2.5v2.5H14zM18 18h2.5v2.5H18zM14 20.5h1.5M20.5 14v2" />
    </>
  ),
  // A keypad.
  pin: (
    <>
      <circle cx="6.5" cy="5.5" r="1.3" />
      <circle cx="12" cy="5.5" r="1.3" />
      <circle cx="17.5" cy="5.5" r="1.3" />
      <circle cx="6.5" cy="11" r="1.3" />
      <circle cx="12" cy="11" r="1.3" />
      <circle cx="17.5" cy="11" r="1.3" />
      <circle cx="6.5" cy="16.5" r="1.3" />
      <circle cx="12" cy="16.5" r="1.3" />
      <circle cx="17.5" cy="16.5" r="1.3" />
      <circle cx="12" cy="21.5" r="1.3" />
    </>
  ),
  // The international accessibility figure, standing.
  accessibility: (
    <>
      <circle cx="12" cy="4" r="1.8" />
      <path d="M4.5 8.5 12 10l7.5-1.5" />
      <path d="M12 10v4.5" />
      <path d="m8.5 21 3.5-6.5 3.5 6.5" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6 6 18" />,
};

export function KioskIcon({ name, className }: { name: IconName; className?: string }) {
  return <Icon className={className}>{paths[name]}</Icon>;
}

/** The flag shown beside a language's name (its name says the language; the flag helps find it). */
export function LanguageFlag({ locale }: { locale: string }) {
  const id = useId().replace(/:/g, '');
  switch (locale) {
    case 'fr':
      return (
        <svg className="flag" viewBox="0 0 3 2" aria-hidden="true" focusable="false">
          <path fill="#002654" d="M0 0h1v2H0z" />
          <path fill="#ffffff" d="M1 0h1v2H1z" />
          <path fill="#ce1126" d="M2 0h1v2H2z" />
        </svg>
      );
    case 'es':
      return (
        <svg className="flag" viewBox="0 0 3 2" aria-hidden="true" focusable="false">
          <path fill="#aa151b" d="M0 0h3v2H0z" />
          <path fill="#f1bf00" d="M0 .5h3v1H0z" />
        </svg>
      );
    default:
      // The Union flag: the saltires, then the cross, on blue.
      return (
        <svg className="flag" viewBox="0 0 60 40" aria-hidden="true" focusable="false" preserveAspectRatio="none">
          <clipPath id={`${id}-a`}>
            <path d="M30 20h30v20zv20H0zH0V0zV0h30z" />
          </clipPath>
          <path fill="#012169" d="M0 0h60v40H0z" />
          <path stroke="#ffffff" strokeWidth="7" d="m0 0 60 40m0-40L0 40" />
          <path stroke="#c8102e" strokeWidth="4" d="m0 0 60 40m0-40L0 40" clipPath={`url(#${id}-a)`} />
          <path stroke="#ffffff" strokeWidth="12" d="M30 0v40M0 20h60" />
          <path stroke="#c8102e" strokeWidth="7" d="M30 0v40M0 20h60" />
        </svg>
      );
  }
}
