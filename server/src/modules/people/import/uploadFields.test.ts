// The upload's form fields: one JSON field or one form field each, bad ones named in a 400.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.ts';
import { parseUploadFields } from './uploadFields.ts';

const columns = { firstName: 0, lastName: 1, buildingId: 2, visitorType: 3 };

function refusal(form: Record<string, string>) {
  try {
    parseUploadFields(form);
  } catch (error) {
    if (error instanceof AppError) return { code: error.errorCode, status: error.status, params: error.params };
    throw error;
  }
  throw new Error('accepted');
}

describe('parseUploadFields', () => {
  it('reads one JSON field', () => {
    const fields = { columns, datesFormat: 'dd/MM/yyyy', firstRow: 2, dryRun: true };
    expect(parseUploadFields({ fields: JSON.stringify(fields) })).toEqual(fields);
  });

  it('reads one form field each; without dryRun the file is imported', () => {
    expect(
      parseUploadFields({
        columns: JSON.stringify(columns),
        datesFormat: 'yyyy-MM-dd',
        firstRow: '1',
        visitorType: 'EMPLOYEE',
      }),
    ).toEqual({ columns, datesFormat: 'yyyy-MM-dd', firstRow: 1, visitorType: 'EMPLOYEE', dryRun: false });
    expect(
      parseUploadFields({
        columns: JSON.stringify(columns),
        datesFormat: 'yyyy-MM-dd',
        firstRow: '2',
        dryRun: 'true',
        visitorType: '',
      }),
    ).toEqual({ columns, datesFormat: 'yyyy-MM-dd', firstRow: 2, dryRun: true });
  });

  it('lets a form field win over the JSON', () => {
    const json = JSON.stringify({ columns, datesFormat: 'yyyy-MM-dd', firstRow: 2, dryRun: false });
    expect(parseUploadFields({ fields: json, dryRun: 'true' }).dryRun).toBe(true);
  });

  it('answers 400s with a code naming the field', () => {
    expect(refusal({ datesFormat: 'yyyy-MM-dd', firstRow: '2' })).toEqual({
      code: 'MISSING',
      status: 400,
      params: { field: 'columns' },
    });
    expect(refusal({ fields: '{not json' })).toMatchObject({ code: 'MALFORMED_JSON', status: 400 });
    expect(refusal({ fields: '[1]' })).toMatchObject({ code: 'VALIDATION_FAILED', params: { field: 'fields' } });
    expect(refusal({ columns: '{"firstName":', datesFormat: 'yyyy-MM-dd', firstRow: '2' })).toMatchObject({
      code: 'MALFORMED_JSON',
      params: { field: 'columns' },
    });
    const good = { columns: JSON.stringify(columns), datesFormat: 'yyyy-MM-dd', firstRow: '2' };
    expect(refusal({ ...good, datesFormat: 'dd-MM-yy' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      params: { field: 'datesFormat' },
    });
    expect(refusal({ ...good, firstRow: '0' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      params: { field: 'firstRow' },
    });
    expect(refusal({ ...good, firstRow: 'two' })).toMatchObject({ status: 400, params: { field: 'firstRow' } });
    expect(refusal({ ...good, dryRun: 'yes' })).toMatchObject({ status: 400, params: { field: 'dryRun' } });
    expect(refusal({ ...good, visitorType: 'GUEST' })).toMatchObject({ status: 400, params: { field: 'visitorType' } });
    expect(refusal({ ...good, columns: '{"firstName":-1}' })).toMatchObject({
      status: 400,
      params: { field: 'columns.firstName' },
    });
    expect(refusal({ ...good, columns: '{"nickname":4}' })).toMatchObject({ status: 400 });
  });
});
