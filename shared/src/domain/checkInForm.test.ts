import { describe, expect, it } from 'vitest';
import {
  addCustomField,
  canAddCustomField,
  defaultCheckInForm,
  enabledCustomFields,
  lockedFieldChange,
  removeCustomField,
  setFieldEnabled,
  setFieldMandatory,
  withFormRules,
} from './checkInForm.ts';
import { checkInFormSchema } from '../schemas/building.ts';

describe('check-in form field toggles', () => {
  it('turning a field off clears its mandatory flag', () => {
    const form = setFieldMandatory(defaultCheckInForm('VISITOR'), 'email', true);
    expect(form.email.mandatory).toBe(true);
    const off = setFieldEnabled(form, 'email', false);
    expect(off.email).toMatchObject({ enabled: false, mandatory: false });
  });
  it('turning mandatory on forces the field on', () => {
    const form = defaultCheckInForm('VISITOR');
    expect(form.licencePlate.enabled).toBe(false);
    expect(setFieldMandatory(form, 'licencePlate', true).licencePlate).toMatchObject({
      enabled: true,
      mandatory: true,
    });
  });
  it('leaves locked switches alone', () => {
    const form = defaultCheckInForm('EMPLOYEE');
    expect(setFieldEnabled(form, 'lastName', false).lastName.enabled).toBe(true);
    expect(setFieldMandatory(form, 'firstName', false).firstName.mandatory).toBe(true);
  });
});

describe('custom fields', () => {
  it('enables custom1 then custom2, and no third', () => {
    let form = defaultCheckInForm('CONTRACTOR');
    form = addCustomField(form, 'Badge number');
    expect(enabledCustomFields(form)).toEqual(['custom1']);
    form = addCustomField(form, 'Has safety shoes', 'BOOLEAN');
    expect(enabledCustomFields(form)).toEqual(['custom1', 'custom2']);
    expect(canAddCustomField(form)).toBe(false);
    expect(addCustomField(form, 'Third')).toEqual(form);
  });
  it('removing custom1 while custom2 is on moves custom2 into custom1 and disables custom2', () => {
    let form = addCustomField(addCustomField(defaultCheckInForm('VISITOR'), 'Badge'), 'Safety shoes', 'BOOLEAN');
    form = setFieldMandatory(form, 'custom2', true);
    const after = removeCustomField(form, 'custom1');
    expect(after.custom1).toMatchObject({ enabled: true, label: 'Safety shoes', type: 'BOOLEAN', mandatory: true });
    expect(after.custom2).toMatchObject({ enabled: false, label: '', mandatory: false });
  });
  it('removing a field disables it, clears its label and mandatory', () => {
    const form = setFieldMandatory(addCustomField(defaultCheckInForm('VISITOR'), 'Badge'), 'custom1', true);
    expect(removeCustomField(form, 'custom1').custom1).toMatchObject({ enabled: false, label: '', mandatory: false });
  });
});

describe('the locks the product holds', () => {
  it('finds a change to a locked switch, and none in a form that keeps them', () => {
    const form = defaultCheckInForm('VISITOR');
    expect(lockedFieldChange(form)).toBeNull();
    expect(lockedFieldChange({ ...form, firstName: { ...form.firstName, enabled: false } })).toEqual({
      key: 'firstName',
      flag: 'enabled',
    });
    expect(lockedFieldChange({ ...form, lastName: { ...form.lastName, mandatory: false } })).toEqual({
      key: 'lastName',
      flag: 'mandatory',
    });
  });

  it("takes which switches may change, custom and a standard field's type and size from the rule", () => {
    const form = defaultCheckInForm('CONTRACTOR');
    const claimed = withFormRules({
      ...form,
      firstName: { ...form.firstName, enabled: false, enabledEditable: true },
      host: { ...form.host, enabled: false, enabledEditable: false, mandatoryEditable: false },
      phone: { ...form.phone, type: 'BOOLEAN', size: 2, custom: true },
      custom1: { ...form.custom1, enabled: true, label: 'Badge', type: 'BOOLEAN', custom: false },
    });
    expect(claimed.firstName).toMatchObject({ enabled: true, mandatory: true, enabledEditable: false });
    expect(claimed.host).toMatchObject({ enabled: false, enabledEditable: true, mandatoryEditable: true });
    expect(claimed.phone).toEqual(form.phone);
    expect(claimed.custom1).toMatchObject({ enabled: true, label: 'Badge', type: 'BOOLEAN', custom: true });
  });

  it('is refused by the form schema with its own code', () => {
    const form = defaultCheckInForm('EMPLOYEE');
    const parsed = checkInFormSchema.safeParse({ ...form, lastName: { ...form.lastName, enabled: false } });
    if (parsed.success) throw new Error('a locked switch was accepted');
    expect(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['lastName.enabled', 'BUILDING_CHECK_IN_FIELD_LOCKED'],
    ]);
    expect(checkInFormSchema.safeParse(form).success).toBe(true);
  });
});
