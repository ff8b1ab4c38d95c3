import { Button, Group, Table } from '@mantine/core';
import type { Floor, Space, SpaceApprover } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { IconPlus } from '../../components/ListIcons.tsx';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { SpaceDialog } from './SpaceForm.tsx';

/** A floor's spaces in a table, by name; added and changed in a dialog. */
export function SpacesList({
  floor,
  spaces,
  setSpaces,
  approvers,
  onDelete,
}: {
  floor: Floor;
  spaces: Space[];
  setSpaces: (update: (spaces: Space[]) => Space[]) => void;
  approvers: readonly SpaceApprover[];
  onDelete: (space: Space) => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ space: Space | null } | null>(null);
  const sorted = [...spaces].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  const yesNo = (value: boolean) => (value ? t('spaces.yes') : t('spaces.no'));

  return (
    <>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus />} onClick={() => setDialog({ space: null })}>
          {t('spaces.add')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={800}>
        <Table highlightOnHover withTableBorder verticalSpacing="xs" data-testid="spaces-table">
          <Table.Caption>{t('spaces.caption', { name: floor.name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('spaces.fields.name')}</Table.Th>
              <Table.Th scope="col">{t('spaces.fields.kind')}</Table.Th>
              <Table.Th scope="col">{t('spaces.fields.capacity')}</Table.Th>
              <Table.Th scope="col">{t('spaces.fields.public')}</Table.Th>
              <Table.Th scope="col">{t('spaces.fields.available')}</Table.Th>
              <Table.Th scope="col">{t('spaces.approvers')}</Table.Th>
              <Table.Th scope="col">{t('spaces.onPlan')}</Table.Th>
              <Table.Th scope="col">{t('spaces.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((space) => (
              <Table.Tr key={space.id}>
                <Table.Td>{space.name}</Table.Td>
                <Table.Td>{t(`spaces.kinds.${space.kind}`)}</Table.Td>
                <Table.Td>{space.capacity ?? '–'}</Table.Td>
                <Table.Td>{yesNo(space.public)}</Table.Td>
                <Table.Td>{yesNo(space.available)}</Table.Td>
                <Table.Td>
                  {[space.approver1, space.approver2]
                    .filter((approver) => approver !== null)
                    .map((approver) => approver.name)
                    .join(', ') || '–'}
                </Table.Td>
                <Table.Td>{space.shape ? t('spaces.placed') : t('spaces.notPlaced')}</Table.Td>
                <Table.Td>
                  <RowActions>
                    <EditAction label={t('spaces.edit', { name: space.name })} onClick={() => setDialog({ space })} />
                    <DeleteAction label={t('spaces.delete', { name: space.name })} onClick={() => onDelete(space)} />
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
            {spaces.length === 0 && <EmptyRow colSpan={8} text={t('spaces.empty')} />}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {dialog && (
        <SpaceDialog
          floorId={floor.id}
          space={dialog.space}
          approvers={approvers}
          onClose={(saved) => {
            setDialog(null);
            if (!saved) return;
            setSpaces((list) =>
              list.some((space) => space.id === saved.id)
                ? list.map((space) => (space.id === saved.id ? saved : space))
                : [...list, saved],
            );
          }}
        />
      )}
    </>
  );
}
