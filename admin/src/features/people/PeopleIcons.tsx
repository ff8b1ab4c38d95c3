import type { PersonStatus } from '@vestibule/shared';
import type { ReactNode } from 'react';
import type { IconProps } from '../../components/Icons.tsx';
import { ListIcon as Icon } from '../../components/ListIcons.tsx';

// Line icons of the People screen, drawn on a 24 px grid (after Tabler Icons, MIT).
// Decorative: the control that shows one carries the accessible name.

/** The access pass: a QR code. */
export const IconQrCode = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4" y="4" width="6" height="6" rx="1" />
    <rect x="14" y="4" width="6" height="6" rx="1" />
    <rect x="4" y="14" width="6" height="6" rx="1" />
    <path d="M14 14h3v3M20 14v.01M14 20h.01M17 20h3v-3" />
  </Icon>
);

export const IconPrinter = (props: IconProps) => (
  <Icon {...props}>
    <path d="M17 17h2a2 2 0 0 0 2-2v-4a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v4a2 2 0 0 0 2 2h2M17 9V5a2 2 0 0 0-2-2H9a2 2 0 0 0-2 2v4" />
    <rect x="7" y="13" width="10" height="8" rx="2" />
  </Icon>
);

export const IconSend = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 14 21 3M21 3l-6.5 18a.55.55 0 0 1-1 0L10 14l-7-3.5a.55.55 0 0 1 0-1L21 3" />
  </Icon>
);

/** Revoke: a circle arrow (a new pass replaces the old one). */

export { IconCopy, IconRefresh, IconUpload } from '../../components/ListIcons.tsx';

/** A person's status (PersonStatus): one icon each, beside its word. */
const personStatusPaths: Record<PersonStatus, ReactNode> = {
  // An arrow into a door.
  IN: <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2M9 12h12m-3-3 3 3-3 3" />,
  // A clipboard with a tick: answered ahead, awaited.
  PENDING: (
    <path d="M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2M9 5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v0a2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2zm0 9 2 2 4-4" />
  ),
  // A turning-back arrow: out, and may come back in.
  CHECK_IN_BACK: <path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />,
  // An arrow out of a door.
  OUT: <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2M21 12H9m3-3-3 3 3 3" />,
  // An hourglass.
  EXPIRED: (
    <path d="M6 20v-2a6 6 0 1 1 12 0v2a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1zM6 4v2a6 6 0 1 0 12 0V4a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1z" />
  ),
  // A dash.
  NONE: <path d="M6 12h12" />,
};

export const IconPersonStatus = ({ status, ...props }: IconProps & { status: PersonStatus }) => (
  <Icon {...props}>{personStatusPaths[status]}</Icon>
);
