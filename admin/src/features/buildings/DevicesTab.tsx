import { ActionIcon, Button, Fieldset, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import {
  KIOSK_TEXT_MAX,
  buildingDeviceTextsSchema,
  formatDeviceIds,
  isIpv4,
  parseDeviceIds,
  type Building,
} from '@vestibule/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { IconPlus, IconTrash } from './BuildingIcons.tsx';
import { useBuildingDialog, useUnsavedFlag } from './buildingDialogContext.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { KioskDevicesSection } from './KioskDevicesSection.tsx';
import { TabActions } from './TabActions.tsx';

interface DeviceTexts {
  devicesSuccessText: string;
  devicesAttentionText: string;
}

function textsOf(building: Building): DeviceTexts {
  return { devicesSuccessText: building.devicesSuccessText, devicesAttentionText: building.devicesAttentionText };
}

/** Why a new device address cannot be added, or null when it can. */
export function newDeviceProblem(address: string, devices: readonly string[]): 'ipv4' | 'duplicate' | null {
  if (!isIpv4(address)) return 'ipv4';
  if (devices.includes(address)) return 'duplicate';
  return null;
}

/** Tab 6: the building's kiosks (enrol one, those that synced), the IP whitelist (up to devicesLimit), the kiosk's texts. */
export function DevicesTab({ building }: { building: Building }) {
  const { t } = useTranslation();
  const { acceptBuilding, notices, busy, cancel } = useBuildingDialog();
  const devices = parseDeviceIds(building.devicesIds);
  const atLimit = devices.length >= building.devicesLimit;
  const [address, setAddress] = useState('');
  const [checked, setChecked] = useState(false);
  const form = useSchemaForm<DeviceTexts, DeviceTexts>(buildingDeviceTextsSchema, textsOf(building));
  useUnsavedFlag('devices', form.dirty);

  const trimmed = address.trim();
  const problem = trimmed === '' ? null : newDeviceProblem(trimmed, devices);
  const addressError =
    checked && problem
      ? t(problem === 'ipv4' ? 'buildings.devices.notIpv4' : 'buildings.devices.duplicate')
      : undefined;

  const saveDevices = async (next: string[]) => {
    try {
      const saved = await api.call('PATCH /building/:id/devices', {
        params: { id: building.id },
        body: { devicesIds: formatDeviceIds(next) },
      });
      acceptBuilding(saved);
      notices.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
      return true;
    } catch (error) {
      notices.showError(error);
      return false;
    }
  };

  const addDevice = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (atLimit || trimmed === '' || problem) return;
    if (await saveDevices([...devices, trimmed])) {
      setAddress('');
      setChecked(false);
    }
  };

  const saveTexts = form.onSubmit(async (texts) => {
    try {
      const saved = await api.call('PATCH /building/:id/deviceTexts', { params: { id: building.id }, body: texts });
      form.reset(textsOf(saved));
      acceptBuilding(saved);
      notices.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
    } catch (error) {
      notices.showError(error);
    }
  });

  const textArea = (key: keyof DeviceTexts, label: string) => (
    <Textarea
      id={`devices-${key}`}
      label={label}
      description={t('buildings.common.counter', { length: form.values[key].length, max: KIOSK_TEXT_MAX })}
      autosize
      minRows={2}
      maxLength={KIOSK_TEXT_MAX}
      value={form.values[key]}
      onChange={(event) => form.setField(key, event.currentTarget.value)}
      onBlur={() => form.touch(key)}
      error={form.error(key)}
    />
  );

  return (
    <Stack gap="lg">
      {/* Enrolment first: it is how a tablet becomes a kiosk; the addresses only restrict it. */}
      <KioskDevicesSection building={building} />
      <Fieldset legend={t('buildings.devices.section')}>
        <Stack gap="sm">
          <Text size="sm">{t('buildings.devices.intro')}</Text>
          <Text size="sm">{t('buildings.devices.offlineHint')}</Text>
          <Text size="sm" data-testid="devices-count">
            {t('buildings.devices.count', { used: devices.length, limit: building.devicesLimit })}
          </Text>
          {devices.length > 0 && (
            <Table withTableBorder verticalSpacing="xs" data-testid="devices-table">
              <Table.Caption>{t('buildings.devices.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('buildings.devices.name')}</Table.Th>
                  <Table.Th scope="col" w={100}>
                    {t('buildings.common.actions')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {devices.map((device) => (
                  <Table.Tr key={device}>
                    <Table.Td>{device}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('buildings.devices.remove', { name: device })}
                        disabled={busy}
                        onClick={() => void saveDevices(devices.filter((other) => other !== device))}
                      >
                        <IconTrash />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <form onSubmit={(event) => void addDevice(event)} noValidate aria-label={t('buildings.devices.addForm')}>
            <Stack gap="xs" align="flex-start">
              <TextInput
                id="devices-new"
                label={t('buildings.devices.newDevice')}
                description={
                  atLimit
                    ? t('buildings.devices.limitReached', { limit: building.devicesLimit })
                    : t('buildings.devices.newDeviceHelp')
                }
                placeholder={t('buildings.devices.placeholder')}
                inputMode="decimal"
                autoComplete="off"
                maxLength={15}
                value={address}
                disabled={atLimit}
                onChange={(event) => setAddress(event.currentTarget.value)}
                onBlur={() => setChecked(trimmed !== '')}
                error={addressError}
                w="100%"
                maw={360}
              />
              <Button type="submit" leftSection={<IconPlus />} disabled={atLimit || busy || trimmed === ''}>
                {t('buildings.devices.add')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Fieldset>
      <form onSubmit={saveTexts} noValidate aria-label={t('buildings.devices.texts')}>
        <Stack gap="lg">
          <Fieldset legend={t('buildings.devices.texts')}>
            <Stack gap="sm">
              {textArea('devicesSuccessText', t('buildings.devices.successText'))}
              {textArea('devicesAttentionText', t('buildings.devices.attentionText'))}
            </Stack>
          </Fieldset>
          <TabActions onCancel={cancel} saveDisabled={busy} />
        </Stack>
      </form>
    </Stack>
  );
}
