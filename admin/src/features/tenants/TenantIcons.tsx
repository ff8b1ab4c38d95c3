import type { IconProps } from '../../components/Icons.tsx';
import { ListIcon as Icon } from '../../components/ListIcons.tsx';

// Line icons of the Companies screen, drawn on a 24 px grid (after Tabler Icons, MIT).
// Decorative: the control that shows one carries the accessible name.

/** Deactivate: the power switch. */
export const IconPower = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 6a7.75 7.75 0 1 0 10 0M12 4v8" />
  </Icon>
);

/** Activate: a tick in a circle. */
export const IconCircleCheck = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);
