import type { IconProps } from '../../components/Icons.tsx';
import { ListIcon as Icon } from '../../components/ListIcons.tsx';

// Line icons of the questionnaire screens, drawn like components/Icons.tsx (after Tabler
// Icons, MIT). Decorative: the control or text beside them carries the meaning.

export function IconArrowUp(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 19V5m-6 6 6-6 6 6" />
    </Icon>
  );
}

export function IconArrowDown(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 5v14m6-6-6 6-6-6" />
    </Icon>
  );
}

export function IconPencil(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4m9.5-13.5 4 4" />
    </Icon>
  );
}

export function IconTrash(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7h16m-10 4v6m4-6v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
    </Icon>
  );
}

export function IconPlus(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 5v14m-7-7h14" />
    </Icon>
  );
}

export function IconArrowLeft(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19 12H5m6 6-6-6 6-6" />
    </Icon>
  );
}

/** Alert answers: an octagon with an exclamation mark. */
export function IconAlertOctagon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8.7 3h6.6L21 8.7v6.6L15.3 21H8.7L3 15.3V8.7z" />
      <path d="M12 8v4m0 4h.01" />
    </Icon>
  );
}

/** Warning answers: a triangle with an exclamation mark. */
export function IconAlertTriangle(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
      <path d="M12 9v4m0 4h.01" />
    </Icon>
  );
}

/** Follow-up condition: a branching arrow. */
export function IconCornerDownRight(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6v6a3 3 0 0 0 3 3h10l-4-4m0 8 4-4" />
    </Icon>
  );
}
