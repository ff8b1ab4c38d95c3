import { ActionIcon, Badge, Button, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Building, Camera, CameraInput } from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { IconCameraTest, IconPencil, IconPlus, IconTrash } from './BuildingIcons.tsx';
import { useBuildingDialog } from './buildingDialogContext.ts';
import { CameraDialog } from './CameraDialog.tsx';
import { CameraTestDialog } from './CameraTestDialog.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

type Editing = { camera: Camera | null } | null;

/** Tab 5: the building's cameras; every change answers the whole list. */
export function CamerasTab({ building }: { building: Building }) {
  const { t } = useTranslation();
  const { notices, busy } = useBuildingDialog();
  const { showError, showSuccess } = notices;
  const [cameras, setCameras] = useState<Camera[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [testing, setTesting] = useState<Camera | null>(null);
  const [deleting, setDeleting] = useState<Camera | null>(null);

  useEffect(() => {
    let live = true;
    api.call('GET /camera/:buildingId', { params: { buildingId: building.id } }).then(
      (list) => live && setCameras(list),
      (error: unknown) => live && showError(error),
    );
    return () => {
      live = false;
    };
  }, [building.id, showError]);

  const saveCamera = async (input: CameraInput, id: string | null) => {
    try {
      setCameras(
        id
          ? await api.call('PATCH /camera/:id', { params: { id }, body: input })
          : await api.call('POST /camera/:buildingId', { params: { buildingId: building.id }, body: input }),
      );
      showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
    } catch (error) {
      showError(error);
    }
  };

  const deleteCamera = async (camera: Camera) => {
    setDeleting(null);
    try {
      setCameras(await api.call('DELETE /camera/:id', { params: { id: camera.id } }));
      showSuccess({ key: 'common.DELETED_SUCCESSFULLY' });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm">{t('buildings.cameras.intro')}</Text>
        <Button leftSection={<IconPlus />} onClick={() => setEditing({ camera: null })} disabled={busy}>
          {t('buildings.cameras.add')}
        </Button>
      </Group>
      {cameras === null ? (
        <Group justify="center" p="xl">
          <Loader size="sm" aria-label={t('buildings.common.loading')} />
        </Group>
      ) : cameras.length === 0 ? (
        <Text size="sm">{t('buildings.cameras.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover withTableBorder data-testid="cameras-table">
            <Table.Caption>{t('buildings.cameras.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('buildings.cameras.name')}</Table.Th>
                <Table.Th scope="col">{t('buildings.cameras.authUser')}</Table.Th>
                <Table.Th scope="col">{t('buildings.cameras.ipAddress')}</Table.Th>
                <Table.Th scope="col" w={150}>
                  {t('buildings.common.actions')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cameras.map((camera) => (
                <Table.Tr key={camera.id} onDoubleClick={() => setEditing({ camera })} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <Group gap="xs">
                      <span>{camera.name}</span>
                      {camera.simulated && (
                        <Badge size="sm" variant="outline" color="gray">
                          {t('buildings.cameras.simulatedBadge')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{camera.authUser ?? ''}</Table.Td>
                  <Table.Td>{camera.ipAddress}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('buildings.cameras.test', { name: camera.name })} withinPortal={false}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('buildings.cameras.test', { name: camera.name })}
                          onClick={() => setTesting(camera)}
                        >
                          <IconCameraTest />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('buildings.cameras.edit', { name: camera.name })} withinPortal={false}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('buildings.cameras.edit', { name: camera.name })}
                          onClick={() => setEditing({ camera })}
                        >
                          <IconPencil />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('buildings.cameras.delete', { name: camera.name })} withinPortal={false}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('buildings.cameras.delete', { name: camera.name })}
                          onClick={() => setDeleting(camera)}
                        >
                          <IconTrash />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CameraDialog
        opened={editing !== null}
        camera={editing?.camera ?? null}
        onSave={saveCamera}
        onClose={() => setEditing(null)}
      />
      <CameraTestDialog camera={testing} onClose={() => setTesting(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('buildings.cameras.deleteTitle')}
        confirmLabel={t('buildings.common.delete')}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={() => deleting && void deleteCamera(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {t('buildings.cameras.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
