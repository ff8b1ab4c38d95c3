import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CsvPreview } from './csvPreview.ts';

const delimiterNames = { ',': ',', ';': ';', '\t': 'Tab' } as const;

/** The file's first lines as the browser split them, said to be a preview (the server parses the file). */
export function PreviewTable({ preview }: { preview: CsvPreview }) {
  const { t } = useTranslation();
  const numbers = Array.from({ length: preview.columns }, (_, index) => index + 1);
  return (
    <Stack gap="xs" data-testid="upload-preview">
      <Title order={3} size="h5">
        {t('people.upload.previewTitle')}
      </Title>
      <Text size="sm">{t('people.upload.previewNote', { delimiter: delimiterNames[preview.delimiter] })}</Text>
      <Table.ScrollContainer minWidth={Math.min(1200, 120 + preview.columns * 120)}>
        <Table withTableBorder withColumnBorders verticalSpacing={4} fz="xs">
          <Table.Caption>{t('people.upload.previewCaption', { count: preview.lines.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('people.upload.line')}</Table.Th>
              {numbers.map((number) => (
                <Table.Th key={number} scope="col">
                  {t('people.upload.column', { number })}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.lines.map((cells, line) => (
              <Table.Tr key={line}>
                <Table.Th scope="row">{line + 1}</Table.Th>
                {numbers.map((number) => (
                  <Table.Td key={number}>{cells[number - 1] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
