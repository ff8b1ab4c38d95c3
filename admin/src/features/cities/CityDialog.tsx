import { Stack, TextInput } from '@mantine/core';
import { CITY_NAME_MAX, type City } from '@vestibule/shared/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';
import { messageFromError, notifications } from '../notifications/index.ts';

/** Adds a city or renames one; a name the company already has is refused on the field. */
export function CityDialog({ city, onClose }: { city: City | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(city?.name ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const server = useServerFieldErrors(['name'], { CITY_ALREADY_EXISTS: 'name' });
  const empty = name.trim() === '';
  const error = server.message('name') ?? (submitted && empty ? t('common.validation.required') : undefined);

  const save = async () => {
    setSubmitted(true);
    if (empty) {
      document.getElementById('city-name')?.focus();
      return;
    }
    setSaving(true);
    try {
      if (city) await api.call('PATCH /city/:id', { params: { id: city.id }, body: { name } });
      else await api.call('POST /city', { body: { name } });
      notifications.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
      onClose(true);
    } catch (failure) {
      if (!server.place(failure)) notifications.showError(messageFromError(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog
      opened
      onClose={() => onClose(false)}
      title={city ? t('cities.renameTitle') : t('cities.addTitle')}
      data-testid="city-dialog"
    >
      <form
        id={server.formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <TextInput
            id="city-name"
            label={t('cities.name')}
            withAsterisk
            aria-required
            data-autofocus
            autoComplete="off"
            maxLength={CITY_NAME_MAX}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              server.clear('name');
            }}
            error={error}
          />
          <DialogButtons onCancel={() => onClose(false)} saving={saving} />
        </Stack>
      </form>
    </AppDialog>
  );
}
