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
