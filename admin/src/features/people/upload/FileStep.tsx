import { FileInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconUpload } from '../PeopleIcons.tsx';
import type { CsvPreview } from './csvPreview.ts';
import { PreviewTable } from './PreviewTable.tsx';

/** Step 1: the file (a .csv of at most 5 MB, said before it is chosen), then a preview of its first lines. */
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
      {preview && !problem && <PreviewTable preview={preview} />}
    </Stack>
  );
}
