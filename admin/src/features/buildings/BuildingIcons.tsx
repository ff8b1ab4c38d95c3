import type { IconProps } from '../../components/Icons.tsx';
import { ListIcon as Icon } from '../../components/ListIcons.tsx';

export {
  IconCopy,
  IconDownload,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconTrash,
  IconUpload,
} from '../../components/ListIcons.tsx';

// Line icons of the building screens, drawn on a 24 px grid (after Tabler Icons, MIT).
// Decorative: the control that shows one carries the accessible name.

export const IconArrowUp = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5v14M18 11l-6-6-6 6" />
  </Icon>
);

export const IconArrowDown = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5v14M18 13l-6 6-6-6" />
  </Icon>
);

export const IconPhoto = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="4" width="18" height="16" rx="3" />
    <path d="m3 16 5-5c1-.9 2-.9 3 0l5 5M14 14l1-1c1-.9 2-.9 3 0l3 3" />
    <path d="M15 8h.01" />
  </Icon>
);

export const IconCameraTest = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 7h1a2 2 0 0 0 2-2 1 1 0 0 1 1-1h6a1 1 0 0 1 1 1 2 2 0 0 0 2 2h1a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2" />
    <circle cx="12" cy="13" r="3" />
  </Icon>
);
