import { ActionIcon, Group, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconPencil, IconTrash } from './ListIcons.tsx';

/** The icon buttons at the end of a list's row, side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
    </Group>
  );
}

/** Opens the row's item to change it; `label` names the item, for example "Edit Head office". */
export function EditAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
      <IconPencil />
    </ActionIcon>
  );
}

/** Asks to delete the row's item; `label` names the item, for example "Delete Head office". */
export function DeleteAction({
  label,
  onClick,
  color = 'red',
}: {
  label: string;
  onClick: () => void;
  color?: MantineColor;
}) {
  return (
    <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
      <IconTrash />
    </ActionIcon>
  );
}
