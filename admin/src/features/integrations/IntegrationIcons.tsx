import type { IconProps } from '../../components/Icons.tsx';
import { ListIcon as Icon } from '../../components/ListIcons.tsx';

// Line icons of the Integrations screen, drawn on a 24 px grid (after Tabler Icons, MIT).
// Decorative: the control that shows one carries the accessible name.

/** A webhook's signing secret, replaced. */
export const IconKey = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="8" cy="15" r="4" />
    <path d="m10.85 12.15 8.15-8.15M18 5l2 2M15 8l2 2" />
  </Icon>
);

/** A delivery sent again. */
export const IconSend = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 14 21 3M21 3l-6.5 18a.55.55 0 0 1-1 0L10 14l-7-3.5a.55.55 0 0 1 0-1L21 3" />
  </Icon>
);

/** A token revoked. */
export const IconBan = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m5.7 5.7 12.6 12.6" />
  </Icon>
);
