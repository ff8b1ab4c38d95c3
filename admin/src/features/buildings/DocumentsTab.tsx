import { ActionIcon, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { Building, BuildingDocument, DocumentCreate } from '@vestibule/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { IconPencil, IconPlus, IconTrash } from './BuildingIcons.tsx';
import { useBuildingDialog } from './buildingDialogContext.ts';
import { DocumentDialog } from './DocumentDialog.tsx';
import { DocumentVersionsDialog } from './DocumentVersionsDialog.tsx';

/**
 * The documents visitors sign at check-in (docs/check-in.md, "Signed documents"): the list in
 * the order shown, a document added or edited (a changed text is published as a new version, and
 * visitors sign again), its version history, and deletion (a signed document is deactivated).
 */
export function DocumentsTab({ building }: { building: Building }) {
  const { t } = useTranslation();
  const { notices, busy } = useBuildingDialog();
  const { showError, showSuccess } = notices;
  const [documents, setDocuments] = useState<BuildingDocument[] | null>(null);
  const [editing, setEditing] = useState<{ document: BuildingDocument | null } | null>(null);
  const [history, setHistory] = useState<BuildingDocument | null>(null);
  const [removing, setRemoving] = useState<BuildingDocument | null>(null);

  const load = useCallback(
    () => api.call('GET /building/:id/document', { params: { id: building.id } }).then(setDocuments, showError),
    [building.id, showError],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (input: DocumentCreate, document: BuildingDocument | null) => {
    try {
      if (!document) {
        await api.call('POST /building/:id/document', { params: { id: building.id }, body: input });
        showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
      } else {
        const { body, ...settings } = input;
        await api.call('PATCH /buildingDocument/:id', { params: { id: document.id }, body: settings });
        if (body.trim() !== document.currentVersion.body.trim()) {
          const published = await api.call('POST /buildingDocument/:id/version', {
            params: { id: document.id },
            body: { body },
          });
          showSuccess({
            key: 'buildings.documents.published',
            params: { version: published.currentVersion.version },
          });
        } else {
          showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
        }
      }
    } catch (error) {
      showError(error);
    }
    await load();
  };

  const remove = async () => {
    if (!removing) return;
    const document = removing;
    setRemoving(null);
    try {
      const answer = await api.call('DELETE /buildingDocument/:id', { params: { id: document.id } });
      showSuccess({
        key: answer.outcome === 'deleted' ? 'buildings.documents.deleted' : 'buildings.documents.deactivated',
      });
    } catch (error) {
      showError(error);
    }
    await load();
  };

  if (!documents) {
    return (
      <Group justify="center" p="xl">
        <Loader size="sm" aria-label={t('buildings.common.loading')} />
      </Group>
    );
  }
  const nextOrder = documents.reduce((max, document) => Math.max(max, document.sortOrder + 1), 0);
  return (
    <Stack gap="md" data-testid="documents-tab">
      <Text size="sm">{t('buildings.documents.intro')}</Text>
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="documents-empty">
          {t('buildings.documents.empty')}
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing="xs">
          <Table.Caption>{t('buildings.documents.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('buildings.documents.columns.title')}</Table.Th>
              <Table.Th>{t('buildings.documents.columns.kind')}</Table.Th>
              <Table.Th>{t('buildings.documents.columns.personTypes')}</Table.Th>
              <Table.Th>{t('buildings.documents.columns.version')}</Table.Th>
              <Table.Th>{t('buildings.documents.columns.signMethod')}</Table.Th>
              <Table.Th>{t('buildings.documents.columns.active')}</Table.Th>
              <Table.Th>{t('buildings.documents.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((document) => (
              <Table.Tr key={document.id}>
                <Table.Td>{document.title}</Table.Td>
                <Table.Td>{t(`buildings.documents.kinds.${document.kind}`)}</Table.Td>
                <Table.Td>
                  {document.visitorTypes.map((type) => t(`buildings.personTypes.${type}`)).join(', ')}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={t('buildings.documents.history', { title: document.title })}
                    onClick={() => setHistory(document)}
                  >
                    {t('buildings.documents.versionNumber', { version: document.currentVersion.version })}
                  </Button>
                </Table.Td>
                <Table.Td>{t(`buildings.documents.signMethods.${document.signMethod}`)}</Table.Td>
                <Table.Td>
                  {/* The whole word, never cut to fit the column; filled dark shades keep their contrast. */}
                  <Badge
                    variant="filled"
                    color={document.active ? 'teal.9' : 'gray.7'}
                    styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                  >
                    {document.active ? t('buildings.documents.active') : t('buildings.documents.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('buildings.documents.edit', { title: document.title })}
                      onClick={() => setEditing({ document })}
                    >
                      <IconPencil />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('buildings.documents.remove', { title: document.title })}
                      onClick={() => setRemoving(document)}
                    >
                      <IconTrash />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button leftSection={<IconPlus />} onClick={() => setEditing({ document: null })} disabled={busy}>
          {t('buildings.documents.add')}
        </Button>
      </Group>
      <DocumentDialog
        opened={editing !== null}
        document={editing?.document ?? null}
        nextOrder={nextOrder}
        onSave={save}
        onClose={() => setEditing(null)}
      />
      <DocumentVersionsDialog document={history} onError={showError} onClose={() => setHistory(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('buildings.documents.removeTitle')}
        confirmLabel={t('buildings.documents.removeConfirm')}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <Text>{t('buildings.documents.removeText')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
