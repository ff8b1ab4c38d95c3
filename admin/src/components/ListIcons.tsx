import { Icon as BaseIcon, type IconProps } from './Icons.tsx';

// The icons of the admin lists and their toolbars, drawn on a 24 px grid (after Tabler Icons, MIT).
// Decorative: the control that shows one carries the accessible name.

/** The app's icon frame, a little smaller in dense lists and screens; feature icon sets reuse it. */
export function ListIcon({ size = 18, ...rest }: IconProps) {
  return <BaseIcon size={size} {...rest} />;
}

export const IconPlus = (props: IconProps) => (
  <ListIcon {...props}>
    <path d="M12 5v14M5 12h14" />
  </ListIcon>
);

export const IconPencil = (props: IconProps) => (
  <ListIcon {...props}>
    <path d="M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4" />
    <path d="m13.5 6.5 4 4" />
  </ListIcon>
);

export const IconTrash = (props: IconProps) => (
  <ListIcon {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
  </ListIcon>
);

export const IconDownload = (props: IconProps) => (
  <ListIcon {...props}>
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 11l5 5 5-5M12 4v12" />
  </ListIcon>
);

export const IconSearch = (props: IconProps) => (
  <ListIcon {...props}>
    <circle cx="10" cy="10" r="7" />
    <path d="m21 21-6-6" />
  </ListIcon>
);

export const IconLogin = (props: IconProps) => (
  <ListIcon {...props}>
    <path d="M15 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2" />
    <path d="M21 12H9m3-3-3 3 3 3" />
  </ListIcon>
);

export const IconCopy = (props: IconProps) => (
  <ListIcon {...props}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </ListIcon>
);

export const IconUpload = (props: IconProps) => (
  <ListIcon {...props}>
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 9l5-5 5 5M12 4v12" />
  </ListIcon>
);

export const IconRefresh = (props: IconProps) => (
  <ListIcon {...props}>
    <path d="M20 11A8.1 8.1 0 0 0 4.5 9M4 5v4h4M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4" />
  </ListIcon>
);
