import { Button, ColorInput, Group, NumberInput, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import {
  SPACE_CAPACITY_MAX,
  SPACE_DESCRIPTION_MAX,
  SPACE_NAME_MAX,
  type Space,
  type SpaceApprover,
  type SpaceKind,
  spaceKindColors,
  spaceKinds,
} from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';
import { messageFromError, notifications } from '../notifications/index.ts';

interface Fields {
  name: string;
  kind: SpaceKind;
  capacity: number | '';
  color: string;
  public: boolean;
  available: boolean;
  description: string;
  approver1Id: string | null;
  approver2Id: string | null;
}

const fieldNames = ['name', 'kind', 'capacity', 'color', 'description', 'approver1Id', 'approver2Id'] as const;

function fieldsOf(space: Space | null): Fields {
  return {
    name: space?.name ?? '',
    kind: space?.kind ?? 'ROOM',
    capacity: space?.capacity ?? '',
    color: space?.color ?? spaceKindColors.ROOM,
    public: space?.public ?? true,
    available: space?.available ?? true,
    description: space?.description ?? '',
    approver1Id: space?.approver1?.id ?? null,
    approver2Id: space?.approver2?.id ?? null,
  };
}

interface SpaceFormProps {
  floorId: string;
  /** The space changed; null: a new one. */
  space: Space | null;
  approvers: readonly SpaceApprover[];
  onSaved: (space: Space) => void;
  onCancel: () => void;
  /** Ids unique on the page (the map's panel and a dialog may both be drawn). */
  idPrefix: string;
}

/**
 * A space's properties: name (unique on its floor), kind (a new colour follows it until one is
 * chosen), capacity, colour, public, available, description and its two approvers, people who
 * may approve its bookings (docs/floors-and-spaces.md).
 */
export function SpaceForm({ floorId, space, approvers, onSaved, onCancel, idPrefix }: SpaceFormProps) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(space));
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const server = useServerFieldErrors(fieldNames, {
    SPACE_NAME_EXISTS: 'name',
    SPACE_APPROVERS_SAME: 'approver2Id',
    SPACE_APPROVER_INVALID: 'approver1Id',
  });
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    if ((fieldNames as readonly string[]).includes(key)) server.clear(key as (typeof fieldNames)[number]);
  };
  const empty = fields.name.trim() === '';
  const sameApprovers = fields.approver1Id !== null && fields.approver1Id === fields.approver2Id;
  const nameError = server.message('name') ?? (submitted && empty ? t('common.validation.required') : undefined);
  const approver2Error =
    server.message('approver2Id') ?? (sameApprovers ? t('errors.SPACE_APPROVERS_SAME') : undefined);
  const options = approvers.map((approver) => ({
    value: approver.id,
    label: approver.email ? `${approver.name} (${approver.email})` : approver.name,
  }));

  const save = async () => {
    setSubmitted(true);
    if (empty || sameApprovers) {
      document.getElementById(`${idPrefix}-${empty ? 'name' : 'approver2'}`)?.focus();
      return;
    }
    setSaving(true);
    const body = {
      name: fields.name.trim(),
      kind: fields.kind,
      capacity: fields.capacity === '' ? null : fields.capacity,
      color: fields.color,
      public: fields.public,
      available: fields.available,
      description: fields.description.trim() === '' ? null : fields.description.trim(),
      approver1Id: fields.approver1Id,
      approver2Id: fields.approver2Id,
    };
    try {
      const saved = space
        ? await api.call('PATCH /space/:id', { params: { id: space.id }, body })
        : await api.call('POST /space', { body: { floorId, ...body } });
      notifications.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
      onSaved(saved);
    } catch (failure) {
      if (!server.place(failure)) notifications.showError(messageFromError(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      id={server.formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <TextInput
          id={`${idPrefix}-name`}
          label={t('spaces.fields.name')}
          withAsterisk
          aria-required
          data-autofocus
          autoComplete="off"
          maxLength={SPACE_NAME_MAX}
          value={fields.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={nameError}
        />
        <Select
          id={`${idPrefix}-kind`}
          label={t('spaces.fields.kind')}
          data={spaceKinds.map((kind) => ({ value: kind, label: t(`spaces.kinds.${kind}`) }))}
          value={fields.kind}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            const kind = value as SpaceKind;
            // A colour still the old kind's follows the new kind.
            if (fields.color === spaceKindColors[fields.kind]) set('color', spaceKindColors[kind]);
            set('kind', kind);
          }}
        />
        <NumberInput
          id={`${idPrefix}-capacity`}
          label={t('spaces.fields.capacity')}
          description={t('spaces.fields.capacityHelp')}
          allowDecimal={false}
          allowNegative={false}
          min={1}
          max={SPACE_CAPACITY_MAX}
          value={fields.capacity}
          onChange={(value) => set('capacity', typeof value === 'number' ? value : '')}
          error={server.message('capacity')}
        />
        <ColorInput
          id={`${idPrefix}-color`}
          label={t('spaces.fields.color')}
          format="hex"
          swatches={Object.values(spaceKindColors)}
          // The browser's eye dropper is a button without a name (axe: button-name); the
          // swatches and the hex field are enough to choose a colour.
          withEyeDropper={false}
          value={fields.color}
          onChange={(value) => set('color', value)}
          error={server.message('color')}
        />
        <Switch
          label={t('spaces.fields.public')}
          description={t('spaces.fields.publicHelp')}
          checked={fields.public}
          onChange={(event) => set('public', event.currentTarget.checked)}
        />
        <Switch
          label={t('spaces.fields.available')}
          description={t('spaces.fields.availableHelp')}
          checked={fields.available}
          onChange={(event) => set('available', event.currentTarget.checked)}
        />
        <Textarea
          id={`${idPrefix}-description`}
          label={t('spaces.fields.description')}
          autosize
          minRows={2}
          maxLength={SPACE_DESCRIPTION_MAX}
          value={fields.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={server.message('description')}
        />
        <Select
          id={`${idPrefix}-approver1`}
          label={t('spaces.fields.approver1')}
          description={t('spaces.fields.approversHelp')}
          placeholder={t('spaces.fields.noApprover')}
          data={options}
          value={fields.approver1Id}
          searchable
          clearable
          nothingFoundMessage={t('spaces.fields.noApproverFound')}
          onChange={(value) => set('approver1Id', value)}
          error={server.message('approver1Id')}
        />
        <Select
          id={`${idPrefix}-approver2`}
          label={t('spaces.fields.approver2')}
          placeholder={t('spaces.fields.noApprover')}
          data={options}
          value={fields.approver2Id}
          searchable
          clearable
          nothingFoundMessage={t('spaces.fields.noApproverFound')}
          onChange={(value) => set('approver2Id', value)}
          error={approver2Error}
        />
        {idPrefix.startsWith('panel') ? (
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('spaces.panel.close')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('common.save')}
            </Button>
          </Group>
        ) : (
          <DialogButtons onCancel={onCancel} saving={saving} />
        )}
      </Stack>
    </form>
  );
}

/** Adds a space to a floor (listed, not drawn yet) or changes one, in a dialog. */
export function SpaceDialog(props: {
  floorId: string;
  space: Space | null;
  approvers: readonly SpaceApprover[];
  onClose: (saved: Space | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      opened
      onClose={() => props.onClose(null)}
      title={props.space ? t('spaces.editTitle', { name: props.space.name }) : t('spaces.addTitle')}
      data-testid="space-dialog"
    >
      <SpaceForm
        floorId={props.floorId}
        space={props.space}
        approvers={props.approvers}
        onSaved={(saved) => props.onClose(saved)}
        onCancel={() => props.onClose(null)}
        idPrefix="dialog-space"
      />
    </AppDialog>
  );
}
