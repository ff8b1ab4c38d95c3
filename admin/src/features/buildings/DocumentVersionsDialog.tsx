import { Badge, Button, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BuildingDocument, DocumentVersion, DocumentVersionSummary } from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { MarkdownText } from '../../components/MarkdownText.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';

interface DocumentVersionsDialogProps {
  /** The document whose history is shown; null: closed. */
  document: BuildingDocument | null;
  onError: (error: unknown) => void;
  onClose: () => void;
}

/**
 * A document's version history, newest first: each version's date, author and signatures, and
 * its text as it was published (versions are never edited, so this is what its signers read).
 */
export function DocumentVersionsDialog({ document, onError, onClose }: DocumentVersionsDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      opened={document !== null}
      onClose={onClose}
      title={t('buildings.documents.versionsTitle')}
      size={900}
      data-testid="document-versions-dialog"
    >
      {document && <VersionHistory document={document} onError={onError} onClose={onClose} />}
    </AppDialog>
  );
}

function VersionHistory({
  document,
  onError,
  onClose,
}: {
  document: BuildingDocument;
  onError: (error: unknown) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [versions, setVersions] = useState<DocumentVersionSummary[] | null>(null);
  const [shown, setShown] = useState<DocumentVersion | null>(null);

  useEffect(() => {
    let live = true;
    api.call('GET /buildingDocument/:id/version', { params: { id: document.id } }).then(
      (answer) => live && setVersions(answer),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [document.id, onError]);

  const view = async (version: number) => {
    try {
      setShown(await api.call('GET /buildingDocument/:id/version/:version', { params: { id: document.id, version } }));
    } catch (error) {
      onError(error);
    }
  };

  const current = document.currentVersion.version;
  return (
    <Stack gap="md">
      {versions === null ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t('buildings.common.loading')} />
        </Group>
      ) : (
        <Table withTableBorder verticalSpacing="xs">
          <Table.Caption>{t('buildings.documents.versionsCaption', { title: document.title })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('buildings.documents.version')}</Table.Th>
              <Table.Th>{t('buildings.documents.publishedAt')}</Table.Th>
              <Table.Th>{t('buildings.documents.publishedBy')}</Table.Th>
              <Table.Th>{t('buildings.documents.signatures')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('buildings.documents.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.map((version) => (
              <Table.Tr key={version.id}>
                <Table.Td>
                  <Group gap="xs">
                    {t('buildings.documents.versionNumber', { version: version.version })}
                    {version.version === current && (
                      <Badge size="sm" variant="light">
                        {t('buildings.documents.current')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{format.dateTime(version.createdAt)}</Table.Td>
                <Table.Td>{version.createdByName ?? '—'}</Table.Td>
                <Table.Td>{version.signatureCount}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={t('buildings.documents.viewVersion', { version: version.version })}
                    onClick={() => void view(version.version)}
                  >
                    {t('buildings.documents.view')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {shown && (
        <Stack
          gap="xs"
          role="region"
          aria-label={t('buildings.documents.versionTitle', { title: document.title, version: shown.version })}
        >
          <Title order={3} size="h5">
            {t('buildings.documents.versionTitle', { title: document.title, version: shown.version })}
          </Title>
          <Text size="xs" c="dimmed">
            {format.dateTime(shown.createdAt)}
          </Text>
          <MarkdownText data-testid="document-version-text">{shown.body}</MarkdownText>
        </Stack>
      )}
      <DialogActions>
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Stack>
  );
}
