import { describe, expect, it } from 'vitest';
import {
  addCustomField,
  canAddCustomField,
  defaultCheckInForm,
  enabledCustomFields,
  removeCustomField,
  setFieldEnabled,
  setFieldMandatory,
} from './checkInForm.ts';

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
