import type { IconProps } from '../../components/Icons.tsx';
import { ListIcon } from '../../components/ListIcons.tsx';

// The entry log's own icons, on the lists' 24 px grid (after Tabler Icons, MIT). Decorative: the
// control that shows one carries the accessible name.

export const IconCheckOut = (props: IconProps) => (
  <ListIcon {...props}>
    <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2" />
    <path d="M9 12h12l-3-3m0 6 3-3" />
  </ListIcon>
);

export const IconUndo = (props: IconProps) => (
  <ListIcon {...props}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </ListIcon>
);

export const IconCancel = (props: IconProps) => (
  <ListIcon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m10 10 4 4m0-4-4 4" />
  </ListIcon>
);

/** A no-entry sign: refuse a visitor held at the door. */
export const IconRefuse = (props: IconProps) => (
  <ListIcon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m5.7 5.7 12.6 12.6" />
  </ListIcon>
);

export const IconBolt = (props: IconProps) => (
  <ListIcon {...props}>
    <path d="M13 3v7h6l-8 11v-7H5z" />
  </ListIcon>
);

export const IconPrinter = (props: IconProps) => (
  <ListIcon {...props}>
    <path d="M7 9V3h10v6" />
    <path d="M7 18H5a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
    <path d="M7 14h10v7H7z" />
  </ListIcon>
);
