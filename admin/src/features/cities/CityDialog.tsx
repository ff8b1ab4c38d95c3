import { TextInput } from '@mantine/core';
import { CITY_NAME_MAX, type City } from '@vestibule/shared/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useFormSave } from '../../form/useFormSave.ts';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';

/** Adds a city or renames one; a name the company already has is refused on the field. */
export function CityDialog({ city, onClose }: { city: City | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(city?.name ?? '');
  const [submitted, setSubmitted] = useState(false);
  const server = useServerFieldErrors(['name'], { CITY_ALREADY_EXISTS: 'name' });
  const { saving, run } = useFormSave(server);
  const empty = name.trim() === '';
  const error = server.message('name') ?? (submitted && empty ? t('common.validation.required') : undefined);

  const save = async () => {
    setSubmitted(true);
    if (empty) {
      document.getElementById('city-name')?.focus();
      return;
    }
    await run(
      () =>
        city
          ? api.call('PATCH /city/:id', { params: { id: city.id }, body: { name } })
          : api.call('POST /city', { body: { name } }),
      () => onClose(true),
    );
  };

  return (
    <FormDialog
      title={city ? t('cities.renameTitle') : t('cities.addTitle')}
      formId={server.formId}
      saving={saving}
      onSubmit={() => void save()}
      onCancel={() => onClose(false)}
      data-testid="city-dialog"
    >
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
    </FormDialog>
  );
}
