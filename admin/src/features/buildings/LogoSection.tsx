import { Button, FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import type { Building } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { IconPhoto, IconUpload } from './BuildingIcons.tsx';
import { logoImageUrl } from './buildingsApi.ts';
import { logoAccept, logoProblems } from './logoFile.ts';

interface LogoSectionProps {
  building: Building | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** Upload progress in percent while an upload runs, else null. */
  progress: number | null;
  /** Existing buildings only: sends the chosen file now. */
  onUpload: () => void;
  busy: boolean;
}

export function hasStoredLogo(building: Building | null): building is Building {
  return building !== null && (building.checkInLogoFileName !== null || building.checkInLogoVersion > 0);
}

/**
 * The check-in logo: a preview (dialog, 800 px at most), a file chooser that refuses files of
 * 2 MB or more and other types than PNG, JPEG and BMP, and for a saved building an Upload
 * button with a progress bar. A new building's logo is uploaded right after its creation.
 */
export function LogoSection({ building, file, onFileChange, progress, onUpload, busy }: LogoSectionProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{ url: string; local: boolean } | null>(null);
  const problems = file ? logoProblems(file) : [];
  const fileValid = file !== null && problems.length === 0;
  const stored = hasStoredLogo(building);

  const openPreview = () => {
    if (fileValid) setPreview({ url: URL.createObjectURL(file), local: true });
    else if (stored) setPreview({ url: logoImageUrl(building), local: false });
  };
  const closePreview = () => {
    if (preview?.local) URL.revokeObjectURL(preview.url);
    setPreview(null);
  };

  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="logo-status">
        {stored
          ? t('buildings.logo.current', { name: building.checkInLogoFileName ?? t('buildings.logo.unnamed') })
          : t('buildings.logo.none')}
      </Text>
      <FileInput
        label={t('buildings.logo.file')}
        description={t('buildings.logo.help')}
        placeholder={t('buildings.logo.choose')}
        accept={logoAccept}
        value={file}
        onChange={onFileChange}
        clearable
        clearButtonProps={{ 'aria-label': t('buildings.logo.clear') }}
        error={problems.length > 0 ? problems.map((problem) => t(`errors.${problem}`)).join(' ') : undefined}
        leftSection={<IconPhoto />}
        disabled={progress !== null}
      />
      {progress !== null && (
        <Progress.Root size="lg" aria-hidden={false}>
          <Progress.Section value={progress} aria-label={t('buildings.logo.progress')} />
        </Progress.Root>
      )}
      <Group gap="sm">
        <Button variant="default" leftSection={<IconPhoto />} onClick={openPreview} disabled={!fileValid && !stored}>
          {t('buildings.logo.preview')}
        </Button>
        {building && (
          <Button
            leftSection={<IconUpload />}
            onClick={onUpload}
            disabled={!fileValid || busy || progress !== null}
            loading={progress !== null}
          >
            {t('buildings.logo.upload')}
          </Button>
        )}
      </Group>
      <AppDialog
        opened={preview !== null}
        onClose={closePreview}
        title={t('buildings.logo.previewTitle')}
        size={800}
        data-testid="logo-preview"
      >
        {preview && (
          <Image
            src={preview.url}
            alt={t('buildings.logo.alt', { name: building?.name ?? '' })}
            fit="contain"
            mah="70vh"
            maw="100%"
          />
        )}
      </AppDialog>
    </Stack>
  );
}
