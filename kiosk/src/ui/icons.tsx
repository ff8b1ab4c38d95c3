import { useId } from 'react';

// The kiosk's pictures: stroke icons drawn on a 24-unit grid, and the flags of its languages.
// Each stands beside its word (never alone), so each is hidden from screen readers.

export type IconName =
  | 'visitor'
  | 'contractor'
  | 'employee'
  | 'checkOut'
  | 'qrCode'
  | 'pin'
  | 'accessibility'
  | 'close'
  | 'printer'
  | 'wait';

/** Each icon as one path (circles as two arcs): the first screen carries them, so they stay small. */
const paths: Record<IconName, string> = {
  // A person with a visitor's badge.
  visitor:
    'M6.5 7a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0M3.5 20c0-3.6 2.9-6.5 6.5-6.5 1.4 0 2.7.4 3.7 1.2M15 14h6v7h-6zM17 17h2',
  // A hard hat: its dome and ridge over the brim.
  contractor: 'M4.5 16a7.5 7.5 0 0 1 15 0M2.5 16h19v2.5h-19zM12 8.5v4M8.8 9.6l.9 3.4M15.2 9.6l-.9 3.4',
  // An identity card.
  employee:
    'M2.5 5h19v14h-19zM6.3 11a2.2 2.2 0 1 0 4.4 0a2.2 2.2 0 1 0-4.4 0M5.5 16c.5-1.5 1.6-2.3 3-2.3s2.5.8 3 2.3M14.5 10h4.5M14.5 13.5h3',
  // A door, and an arrow leaving it.
  checkOut: 'M13 4H5.5v16H13M10 12h10.5M17 8.5l3.5 3.5-3.5 3.5',
  qrCode:
    'M3.5 3.5h6.5v6.5h-6.5zM14 3.5h6.5v6.5H14zM3.5 14h6.5v6.5H3.5zM14 14h2.5v2.5H14zM18 18h2.5v2.5H18zM14 20.5h1.5M20.5 14v2',
  // A keypad: its keys as dots (round ends of strokes of no length).
  pin: 'M6.5 5.5h0M12 5.5h0M17.5 5.5h0M6.5 11h0M12 11h0M17.5 11h0M6.5 16.5h0M12 16.5h0M17.5 16.5h0M12 21.5h0',
  // The international accessibility figure, standing.
  accessibility:
    'M10.2 4a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0-3.6 0M4.5 8.5 12 10l7.5-1.5M12 10v4.5M8.5 21l3.5-6.5 3.5 6.5',
  close: 'M6 6l12 12M18 6 6 18',
  // A printer, its sheet coming out (the outcome's badge button).
  printer: 'M7 9V3h10v6M7 18H5a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M7 14h10v7H7z',
  // An hourglass (the visitor held by the watchlist waits for staff).
  wait: 'M6.5 3h11M6.5 21h11M7.5 3c0 5 9 5 9 9s-9 4-9 9M16.5 3c0 5-9 5-9 9s9 4 9 9',
};

/** A stroke icon on a 24-unit grid; it stands beside its word, so screen readers skip it. */
export function KioskIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'pin' ? 3.5 : 1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
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
