import { Button, Fieldset, Group, Select, Stack, Switch, Table, Tabs, Text, TextInput } from '@mantine/core';
import {
  addCustomField,
  buildingCheckInFormsSchema,
  canAddCustomField,
  checkInFieldTypes,
  checkInPersonTypes,
  customCheckInFields,
  removeCustomField,
  setFieldEnabled,
  setFieldMandatory,
  standardCheckInFields,
  type Building,
  type BuildingCheckInForms,
  type CheckInFieldType,
  type CheckInForm,
  type CheckInPersonType,
} from '@vestibule/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { IconPlus, IconTrash } from './BuildingIcons.tsx';
import { useBuildingDialog, useUnsavedFlag } from './buildingDialogContext.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { TabActions } from './TabActions.tsx';

const formKeys: Record<CheckInPersonType, keyof BuildingCheckInForms> = {
  VISITOR: 'visitorCheckInForm',
  CONTRACTOR: 'contractorCheckInForm',
  EMPLOYEE: 'employeeCheckInForm',
};

const CUSTOM_LABEL_MAX = 64;

export function checkInFormsOf(building: Building): BuildingCheckInForms {
  return {
    visitorCheckInForm: building.visitorCheckInForm,
    contractorCheckInForm: building.contractorCheckInForm,
    employeeCheckInForm: building.employeeCheckInForm,
  };
}

/** Tab 2: which fields each person type fills in, and up to two custom fields. */
export function CheckInFormTab({ building }: { building: Building }) {
  const { t } = useTranslation();
  const { acceptBuilding, notices, busy, cancel } = useBuildingDialog();
  const form = useSchemaForm<BuildingCheckInForms, BuildingCheckInForms>(
    buildingCheckInFormsSchema,
    checkInFormsOf(building),
  );
  const [personType, setPersonType] = useState<CheckInPersonType>('VISITOR');
  useUnsavedFlag('checkInForm', form.dirty);

  const save = form.onSubmit(async (forms) => {
    try {
      const saved = await api.call('PATCH /building/:id/checkInForms', { params: { id: building.id }, body: forms });
      form.reset(checkInFormsOf(saved));
      acceptBuilding(saved);
      notices.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
    } catch (error) {
      notices.showError(error);
    }
  });

  const submitForms = (event: FormEvent<HTMLFormElement>) => {
    // A custom label left empty on another person type: show that type first.
    if (!form.valid) {
      const invalid = checkInPersonTypes.find((type) => {
        const current = form.values[formKeys[type]];
        return customCheckInFields.some((key) => current[key].enabled && current[key].label.trim() === '');
      });
      if (invalid) setPersonType(invalid);
    }
    save(event);
  };

  return (
    <form onSubmit={submitForms} noValidate aria-label={t('buildings.tabs.checkInForm')}>
      <Stack gap="lg">
        <Tabs value={personType} onChange={(value) => value && setPersonType(value as CheckInPersonType)}>
          <Tabs.List aria-label={t('buildings.checkInForm.personTypes.label')}>
            {checkInPersonTypes.map((type) => (
              <Tabs.Tab key={type} value={type}>
                {t(`buildings.personTypes.${type}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {checkInPersonTypes.map((type) => (
            <Tabs.Panel key={type} value={type} pt="md">
              {type === personType && (
                <PersonTypeForm
                  personType={type}
                  form={form.values[formKeys[type]]}
                  onChange={(next) => form.setValues((current) => ({ ...current, [formKeys[type]]: next }))}
                  error={(path) => form.error(`${formKeys[type]}.${path}`)}
                  touch={(path) => form.touch(`${formKeys[type]}.${path}`)}
                />
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
        <TabActions onCancel={cancel} saveDisabled={busy} />
      </Stack>
    </form>
  );
}

interface PersonTypeFormProps {
  personType: CheckInPersonType;
  form: CheckInForm;
  onChange: (form: CheckInForm) => void;
  error: (path: string) => string | undefined;
  touch: (path: string) => void;
}

function PersonTypeForm({ personType, form, onChange, error, touch }: PersonTypeFormProps) {
  const { t } = useTranslation();
  const typeName = t(`buildings.personTypes.${personType}`);
  const customs = customCheckInFields.filter((key) => form[key].enabled);
  return (
    <Stack gap="lg">
      <Table striped withTableBorder verticalSpacing="xs" data-testid={`check-in-fields-${personType}`}>
        <Table.Caption>{t('buildings.checkInForm.caption', { type: typeName })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('buildings.checkInForm.field')}</Table.Th>
            <Table.Th scope="col">{t('buildings.checkInForm.enabled')}</Table.Th>
            <Table.Th scope="col">{t('buildings.checkInForm.mandatory')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {standardCheckInFields.map((key) => {
            const field = form[key];
            const name = t(`buildings.checkInForm.fields.${key}`);
            return (
              <Table.Tr key={key}>
                <Table.Th scope="row" fw="normal">
                  {name}
                </Table.Th>
                <Table.Td>
                  <Switch
                    aria-label={t('buildings.checkInForm.enabledOf', { field: name })}
                    checked={field.enabled}
                    disabled={!field.enabledEditable}
                    onChange={(event) => onChange(setFieldEnabled(form, key, event.currentTarget.checked))}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t('buildings.checkInForm.mandatoryOf', { field: name })}
                    checked={field.mandatory}
                    disabled={!field.mandatoryEditable}
                    onChange={(event) => onChange(setFieldMandatory(form, key, event.currentTarget.checked))}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Fieldset legend={t('buildings.checkInForm.customFields')}>
        <Stack gap="md">
          {customs.length === 0 && <Text size="sm">{t('buildings.checkInForm.noCustomFields')}</Text>}
          {customs.map((key, index) => {
            const field = form[key];
            const number = index + 1;
            return (
              <Group key={key} align="flex-end" gap="sm" data-testid={`custom-field-${number}`}>
                <TextInput
                  id={`${personType}-${key}-label`}
                  label={t('buildings.checkInForm.customLabel', { number })}
                  withAsterisk
                  aria-required
                  maxLength={CUSTOM_LABEL_MAX}
                  value={field.label}
                  onChange={(event) => onChange({ ...form, [key]: { ...field, label: event.currentTarget.value } })}
                  onBlur={() => touch(`${key}.label`)}
                  error={error(`${key}.label`)}
                  style={{ flex: 1, minWidth: 200 }}
                />
                <Select
                  id={`${personType}-${key}-type`}
                  label={t('buildings.checkInForm.customType', { number })}
                  data={checkInFieldTypes.map((type) => ({
                    value: type,
                    label: t(`buildings.checkInForm.types.${type}`),
                  }))}
                  value={field.type}
                  allowDeselect={false}
                  onChange={(value) =>
                    value && onChange({ ...form, [key]: { ...field, type: value as CheckInFieldType } })
                  }
                  w={160}
                />
                <Switch
                  label={t('buildings.checkInForm.mandatory')}
                  aria-label={t('buildings.checkInForm.customMandatory', { number })}
                  checked={field.mandatory}
                  onChange={(event) => onChange(setFieldMandatory(form, key, event.currentTarget.checked))}
                  mb={8}
                />
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash />}
                  onClick={() => onChange(removeCustomField(form, key))}
                  aria-label={t('buildings.checkInForm.removeCustom', { number })}
                >
                  {t('buildings.checkInForm.remove')}
                </Button>
              </Group>
            );
          })}
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlus />}
              disabled={!canAddCustomField(form)}
              onClick={() => onChange(addCustomField(form))}
            >
              {t('buildings.checkInForm.addCustom')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('buildings.checkInForm.customLimit')}
            </Text>
          </Group>
        </Stack>
      </Fieldset>
    </Stack>
  );
}
