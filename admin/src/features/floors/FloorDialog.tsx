import { NumberInput, TextInput } from '@mantine/core';
import { FLOOR_LEVEL_MAX, FLOOR_LEVEL_MIN, FLOOR_NAME_MAX, type Floor } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useFormSave } from '../../form/useFormSave.ts';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';

/** Adds a floor to a building or changes one: its name (unique in the building) and its level. */
export function FloorDialog({
  buildingId,
  floor,
  onClose,
}: {
  buildingId: string;
  floor: Floor | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(floor?.name ?? '');
  const [level, setLevel] = useState<number | ''>(floor?.level ?? '');
  const [submitted, setSubmitted] = useState(false);
  const server = useServerFieldErrors(['name', 'level'], { FLOOR_NAME_EXISTS: 'name' });
  const { saving, run } = useFormSave(server);
  const empty = name.trim() === '';
  const nameError = server.message('name') ?? (submitted && empty ? t('common.validation.required') : undefined);
  const levelOutside = level !== '' && (level < FLOOR_LEVEL_MIN || level > FLOOR_LEVEL_MAX);
  const levelError =
    server.message('level') ??
    (submitted && levelOutside ? t('floors.levelRange', { min: FLOOR_LEVEL_MIN, max: FLOOR_LEVEL_MAX }) : undefined);

  const save = async () => {
    setSubmitted(true);
    if (empty || levelOutside) {
      document.getElementById(empty ? 'floor-name' : 'floor-level')?.focus();
      return;
    }
    const body = { name: name.trim(), level: level === '' ? null : level };
    await run(
      () =>
        floor
          ? api.call('PATCH /floor/:id', { params: { id: floor.id }, body })
          : api.call('POST /floor', { body: { buildingId, ...body } }),
      () => onClose(true),
    );
  };

  return (
    <FormDialog
      title={floor ? t('floors.editTitle') : t('floors.addTitle')}
      formId={server.formId}
      saving={saving}
      onSubmit={() => void save()}
      onCancel={() => onClose(false)}
      data-testid="floor-dialog"
    >
      <TextInput
        id="floor-name"
        label={t('floors.name')}
        description={t('floors.nameHelp')}
        withAsterisk
        aria-required
        data-autofocus
        autoComplete="off"
        maxLength={FLOOR_NAME_MAX}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          server.clear('name');
        }}
        error={nameError}
      />
      <NumberInput
        id="floor-level"
        label={t('floors.level')}
        description={t('floors.levelHelp')}
        allowDecimal={false}
        min={FLOOR_LEVEL_MIN}
        max={FLOOR_LEVEL_MAX}
        value={level}
        onChange={(value) => {
          setLevel(typeof value === 'number' ? value : value === '' || value === '-' ? '' : Number(value));
          server.clear('level');
        }}
        error={levelError}
      />
    </FormDialog>
  );
}
