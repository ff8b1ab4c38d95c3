import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { saveTextFile } from '../../../format/saveTextFile.ts';
import { IconUpload } from '../PeopleIcons.tsx';
import type { CsvPreview } from './csvPreview.ts';
import { PreviewTable } from './PreviewTable.tsx';
import { templateCsv } from './uploadSettings.ts';

/**
 * Step 1: the file (a .csv of at most 5 MB, said before it is chosen), then a preview of its first
 * lines; a template of the columns to fill, headed in the user's language, downloads from here.
 */
export function FileStep(props: {
  file: File | null;
  preview: CsvPreview | null;
  /** Why the file is refused (a message key of people.upload), or null. */
  problem: 'notCsv' | 'tooBig' | 'unreadable' | null;
  onFile: (file: File | null) => void;
}) {
  const { file, preview, problem, onFile } = props;
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <FileInput
        label={t('people.upload.file')}
        description={t('people.upload.fileHelp')}
        placeholder={t('people.upload.choose')}
        accept=".csv,text/csv"
        leftSection={<IconUpload />}
        value={file}
        onChange={onFile}
        error={problem ? t(`people.upload.${problem}`) : undefined}
        clearable
        withAsterisk
        data-autofocus
      />
      <Group gap="sm">
        <Text size="sm">{t('people.upload.templateHelp')}</Text>
        <Button
          variant="default"
          size="xs"
          onClick={() =>
            saveTextFile(
              templateCsv((column) => t(`csv.people.${column}`)),
              'people-template.csv',
              'text/csv',
            )
          }
        >
          {t('people.upload.template')}
        </Button>
      </Group>
      {preview && !problem && <PreviewTable preview={preview} />}
    </Stack>
  );
}
