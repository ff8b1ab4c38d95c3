import { Button, Code, Fieldset, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { buildingMobileTokenSchema, type Building } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { IconRefresh } from './BuildingIcons.tsx';
import { useBuildingDialog, useUnsavedFlag } from './buildingDialogContext.ts';
import type { MobileTokenSchedule } from './buildingsApi.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';

interface ScheduleValues {
  mobileTokenChangeDays: number | null;
  /** The `datetime-local` input's value, in the browser's time zone. */
  mobileTokenNextRefreshAt: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

export function toLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalDateTime(value: string): string {
  const date = new Date(value);
  return value === '' || Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

function scheduleOf(building: Building): ScheduleValues {
  return {
    mobileTokenChangeDays: building.mobileTokenChangeDays,
    mobileTokenNextRefreshAt: toLocalDateTime(building.mobileTokenNextRefreshAt),
  };
}

/** The mobile token of the check-in link: shown once generated, refreshed on demand or on schedule. */
export function MobileTokenSection({ building }: { building: Building }) {
  const { t } = useTranslation();
  const { acceptBuilding, notices, busy } = useBuildingDialog();
  const form = useSchemaForm<ScheduleValues, MobileTokenSchedule>(
    buildingMobileTokenSchema,
    scheduleOf(building),
    {},
    (values) => ({ ...values, mobileTokenNextRefreshAt: fromLocalDateTime(values.mobileTokenNextRefreshAt) }),
  );
  useUnsavedFlag('qrCodes', form.dirty);

  const saveSchedule = form.onSubmit(async (schedule) => {
    try {
      const saved = await api.call('PATCH /building/:id/mobileToken', {
        params: { id: building.id },
        body: { id: building.id, ...schedule },
      });
      form.reset(scheduleOf(saved));
      acceptBuilding(saved);
      notices.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
    } catch (error) {
      notices.showError(error);
    }
  });

  const refresh = async () => {
    try {
      const saved = await api.call('PATCH /building/:id/refreshMobileToken', { params: { id: building.id } });
      form.reset(scheduleOf(saved));
      acceptBuilding(saved);
      notices.showSuccess({ key: 'buildings.edit.token-generated' });
    } catch (error) {
      notices.showError(error);
    }
  };

  return (
    <Fieldset legend={t('buildings.token.section')}>
      <form onSubmit={saveSchedule} noValidate aria-label={t('buildings.token.section')}>
        <Stack gap="sm">
          <Text size="sm" data-testid="mobile-token">
            {building.mobileToken ? (
              <>
                {t('buildings.token.current')} <Code>{building.mobileToken}</Code>
              </>
            ) : (
              t('buildings.token.notGenerated')
            )}
          </Text>
          <Group align="flex-start" gap="sm">
            <NumberInput
              id="token-changeDays"
              label={t('buildings.token.changeDays')}
              min={1}
              max={365}
              allowDecimal={false}
              value={form.values.mobileTokenChangeDays ?? ''}
              onChange={(value) => form.setField('mobileTokenChangeDays', typeof value === 'number' ? value : null)}
              onBlur={() => form.touch('mobileTokenChangeDays')}
              error={form.error('mobileTokenChangeDays')}
              w={220}
            />
            <TextInput
              id="token-nextRefreshAt"
              type="datetime-local"
              label={t('buildings.token.nextRefresh')}
              value={form.values.mobileTokenNextRefreshAt}
              onChange={(event) => form.setField('mobileTokenNextRefreshAt', event.currentTarget.value)}
              onBlur={() => form.touch('mobileTokenNextRefreshAt')}
              error={form.error('mobileTokenNextRefreshAt')}
              w={260}
            />
          </Group>
          <Group gap="sm">
            <Button type="submit" variant="default" disabled={busy}>
              {t('buildings.token.saveSchedule')}
            </Button>
            <Button leftSection={<IconRefresh />} onClick={() => void refresh()} disabled={busy}>
              {t('buildings.token.refresh')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Fieldset>
  );
}
