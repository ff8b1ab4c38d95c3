import { Button, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { useSession } from '../session/index.ts';

interface TenantSelectorDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Admin and tech users choose the company whose data they work on. */
export function TenantSelectorDialog({ opened, onClose }: TenantSelectorDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={opened} onClose={onClose} title={t('shell.tenant.dialogTitle')}>
      {/* Mounted only while open, so each opening starts from the current tenant. */}
      {opened && <TenantSelectorForm onDone={onClose} />}
    </AppDialog>
  );
}

function TenantSelectorForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const tenants = useSession((state) => state.tenants);
  const currentId = useSession((state) => state.tenant?.id ?? null);
  const selectTenant = useSession((state) => state.selectTenant);
  const loading = useSession((state) => state.tenantLoading);
  const [chosen, setChosen] = useState<string | null>(currentId);

  if (tenants.length === 0) {
    return <Text>{t('shell.tenant.empty')}</Text>;
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        void selectTenant(chosen).then(onDone);
      }}
    >
      <Stack gap="md">
        <Select
          label={t('shell.tenant.field')}
          data={tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }))}
          value={chosen}
          onChange={setChosen}
          searchable
          allowDeselect={false}
          data-autofocus
          comboboxProps={{ withinPortal: true, position: 'bottom', zIndex: 400 }}
        />
        <DialogActions>
          <Button type="submit" disabled={!chosen} loading={loading}>
            {t('shell.tenant.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
