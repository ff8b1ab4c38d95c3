import { Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, type Ref, useId } from 'react';

/**
 * A list of a building's kiosk entries that wait for staff (refused, or held from a revoked kiosk):
 * its heading, a sentence when none waits, otherwise what to do and the table with its caption and
 * headings; each row is the caller's.
 */
export function KioskEntriesSection(props: {
  title: string;
  /** The heading's element, to take the focus back after the last entry is dealt with. */
  headingRef?: Ref<HTMLHeadingElement>;
  empty: boolean;
  emptyText: string;
  intro: string;
  caption: string;
  columns: { label: string; width?: number }[];
  minWidth: number;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const { title, headingRef, empty, emptyText, intro, caption, columns, minWidth, testId, children } = props;
  return (
    <section aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {title}
        </Title>
        {empty ? (
          <Text size="sm" data-testid={`${testId}-empty`}>
            {emptyText}
          </Text>
        ) : (
          <>
            <Text size="sm">{intro}</Text>
            <Table.ScrollContainer minWidth={minWidth}>
              <Table withTableBorder verticalSpacing="xs" data-testid={`${testId}-table`}>
                <Table.Caption>{caption}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th key={column.label} scope="col" w={column.width}>
                        {column.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{children}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </section>
  );
}
