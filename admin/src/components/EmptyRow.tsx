import { Table, Text } from '@mantine/core';

/** A list's one row when its page is empty, across all its columns: why there is nothing to show. */
export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text size="sm" ta="center" py="md">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
