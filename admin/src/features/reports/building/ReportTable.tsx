import { Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../reportCsv.ts';
import classes from './BuildingReport.module.css';

type Cell = string | number | null;

export interface ReportTableProps {
  caption: string;
  headings: readonly string[];
  /** The cells as the screen writes them (numbers in the user's language). */
  rows: readonly (readonly ReactNode[])[];
  /** The same rows as the CSV file holds them: plain numbers, days as yyyy-MM-dd. */
  csvRows: readonly (readonly Cell[])[];
  /** The file's name without `.csv`. */
  fileName: string;
  /** A row's first cell is its heading (th scope="row"). */
  rowHeadings?: boolean;
  /** Printed with the summary (the key figures); other tables stay on screen. */
  printed?: boolean;
  empty?: string;
}

/**
 * A report's numbers as a real table (caption, column and row headings) with its "Download CSV":
 * every chart of a report has one, so screen readers and copy-paste get the numbers.
 */
export function ReportTable({
  caption,
  headings,
  rows,
  csvRows,
  fileName,
  rowHeadings = true,
  printed = false,
  empty,
}: ReportTableProps) {
  const { t } = useTranslation();
  return (
    <div className={printed ? classes.tableBlock : `${classes.tableBlock} ${classes.noPrint}`}>
      <ScrollArea type="auto">
        <Table striped withTableBorder highlightOnHover={false} captionSide="top" className={classes.table}>
          <Table.Caption className={classes.caption}>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {headings.map((heading) => (
                <Table.Th key={heading} scope="col">
                  {heading}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={index}>
                {row.map((cell, column) =>
                  column === 0 && rowHeadings ? (
                    <Table.Th key={column} scope="row" className={classes.rowHeading}>
                      {cell}
                    </Table.Th>
                  ) : (
                    <Table.Td key={column} className={column > 0 ? classes.number : undefined}>
                      {cell}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows.length === 0 && empty && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      <Group justify="flex-end" className={classes.noPrint}>
        <Button
          variant="default"
          size="xs"
          onClick={() => downloadCsv(`${fileName}.csv`, headings, csvRows)}
          aria-label={`${t('reports.csv')}: ${caption}`}
        >
          {t('reports.csv')}
        </Button>
      </Group>
    </div>
  );
}
