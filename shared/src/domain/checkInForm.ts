// Check-in form settings per person type: which fields the wizard's form shows and requires.
export const standardCheckInFields = [
  'host',
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'licencePlate',
  'testResult',
  'contractorCompanyName',
  'companyName',
] as const;
export const customCheckInFields = ['custom1', 'custom2'] as const;
export const checkInFieldKeys = [...standardCheckInFields, ...customCheckInFields] as const;
export type CheckInFieldKey = (typeof checkInFieldKeys)[number];
export const checkInFieldTypes = ['TEXT', 'BOOLEAN'] as const;
export type CheckInFieldType = (typeof checkInFieldTypes)[number];
export const MAX_CUSTOM_FIELDS = 2;

export interface CheckInField {
  enabled: boolean;
  mandatory: boolean;
  enabledEditable: boolean;
  mandatoryEditable: boolean;
  order: number;
  type: CheckInFieldType;
  size: number;
  custom: boolean;
  label: string;
}

export type CheckInForm = Record<CheckInFieldKey, CheckInField>;
export const checkInPersonTypes = ['VISITOR', 'CONTRACTOR', 'EMPLOYEE'] as const;
export type CheckInPersonType = (typeof checkInPersonTypes)[number];

const sizes: Record<CheckInFieldKey, number> = {
  host: 128,
  firstName: 64,
  lastName: 64,
  fullName: 128,
  email: 96,
  phone: 25,
  licencePlate: 16,
  testResult: 64,
  contractorCompanyName: 127,
  companyName: 127,
  custom1: 128,
  custom2: 128,
};

/**
 * The switches the product fixes, whatever a building's administrator sends: names are always
 * asked and always required (their switches are locked on every person type's form).
 */
export const lockedCheckInFields: Partial<Record<CheckInFieldKey, { enabled: boolean; mandatory: boolean }>> = {
  firstName: { enabled: true, mandatory: true },
  lastName: { enabled: true, mandatory: true },
};

const isCustomField = (key: CheckInFieldKey) => (customCheckInFields as readonly string[]).includes(key);

/** The first locked switch a form changes (its field and flag), or null when it keeps them all. */
export function lockedFieldChange(form: CheckInForm): { key: CheckInFieldKey; flag: 'enabled' | 'mandatory' } | null {
  for (const key of checkInFieldKeys) {
    const locked = lockedCheckInFields[key];
    if (!locked) continue;
    if (form[key].enabled !== locked.enabled) return { key, flag: 'enabled' };
    if (form[key].mandatory !== locked.mandatory) return { key, flag: 'mandatory' };
  }
  return null;
}

/**
 * A form as the product's rules hold it, whatever was sent or stored: which switches may change
 * (`enabledEditable`, `mandatoryEditable`), which fields are custom, a standard field's type and
 * size are the rule's, and a locked switch keeps its value. The server saves and judges by this.
 */
export function withFormRules(form: CheckInForm): CheckInForm {
  const held = {} as CheckInForm;
  for (const key of checkInFieldKeys) {
    const field = form[key];
    const locked = lockedCheckInFields[key];
    const custom = isCustomField(key);
    held[key] = {
      ...field,
      ...(locked ?? {}),
      enabledEditable: !locked,
      mandatoryEditable: !locked,
      custom,
      ...(custom ? {} : { type: 'TEXT' as const, size: sizes[key] }),
    };
  }
  return held;
}

/** The form a new building starts with, per person type: what a reception desk usually asks. */
export function defaultCheckInForm(personType: CheckInPersonType): CheckInForm {
  const on = (mandatory: boolean) => ({ enabled: true, mandatory });
  const off = { enabled: false, mandatory: false };
  const choice: Record<CheckInFieldKey, { enabled: boolean; mandatory: boolean }> = {
    host: personType === 'EMPLOYEE' ? off : on(true),
    firstName: on(true),
    lastName: on(true),
    fullName: off,
    email: on(false),
    phone: on(false),
    licencePlate: off,
    testResult: off,
    contractorCompanyName: personType === 'CONTRACTOR' ? on(true) : off,
    companyName: personType === 'VISITOR' ? on(false) : off,
    custom1: off,
    custom2: off,
  };
  const form = {} as CheckInForm;
  checkInFieldKeys.forEach((key, order) => {
    form[key] = {
      ...choice[key],
      enabledEditable: true,
      mandatoryEditable: true,
      order,
      type: 'TEXT',
      size: sizes[key],
      custom: false,
      label: '',
    };
  });
  return withFormRules(form);
}

/** Turning a field off clears its mandatory flag (when that flag is editable). */
export function setFieldEnabled(form: CheckInForm, key: CheckInFieldKey, enabled: boolean): CheckInForm {
  const field = form[key];
  if (!field.enabledEditable) return form;
  const mandatory = !enabled && field.mandatoryEditable ? false : field.mandatory;
  return { ...form, [key]: { ...field, enabled, mandatory } };
}

/** Turning mandatory on forces the field on (when that flag is editable). */
export function setFieldMandatory(form: CheckInForm, key: CheckInFieldKey, mandatory: boolean): CheckInForm {
  const field = form[key];
  if (!field.mandatoryEditable) return form;
  const enabled = mandatory && field.enabledEditable ? true : field.enabled;
  return { ...form, [key]: { ...field, mandatory, enabled } };
}

export function enabledCustomFields(form: CheckInForm): CheckInFieldKey[] {
  return customCheckInFields.filter((key) => form[key].enabled);
}

export function canAddCustomField(form: CheckInForm): boolean {
  return enabledCustomFields(form).length < MAX_CUSTOM_FIELDS;
}

/** Adding enables the next custom field; at most two per person type. */
export function addCustomField(form: CheckInForm, label = '', type: CheckInFieldType = 'TEXT'): CheckInForm {
  const next = customCheckInFields.find((key) => !form[key].enabled);
  if (!next) return form;
  return { ...form, [next]: { ...form[next], enabled: true, label, type } };
}

/**
 * Removing a custom field disables it, clears its label and mandatory flag; removing
 * custom1 while custom2 is on moves custom2 into custom1 and disables custom2.
 */
export function removeCustomField(form: CheckInForm, key: (typeof customCheckInFields)[number]): CheckInForm {
  const cleared = (field: CheckInField): CheckInField => ({ ...field, enabled: false, label: '', mandatory: false });
  if (key === 'custom1' && form.custom2.enabled) {
    const moved = form.custom2;
    return {
      ...form,
      custom1: {
        ...form.custom1,
        enabled: true,
        label: moved.label,
        type: moved.type,
        mandatory: moved.mandatory,
        size: moved.size,
      },
      custom2: cleared(form.custom2),
    };
  }
  return { ...form, [key]: cleared(form[key]) };
}
