import {
  type HostNotice,
  type Locale,
  type Person,
  type PersonInput,
  PERSON_LIMITS,
  type VisitorType,
} from '@vestibule/shared';
import type { SchemaForm } from '../../form/useSchemaForm.ts';
import type { ServerFieldErrors } from '../../form/useServerFieldErrors.ts';

// The add/edit dialog's values and what the create and update calls take from them.

export interface PersonValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  visitorType: VisitorType;
  externalId: string;
  jobTitle: string;
  department: string;
  companyName: string;
  /** Minutes, or null for none. */
  defaultDuration: number | null;
  /** yyyy-MM-dd, or '' for no limit. */
  validFrom: string;
  validTo: string;
  locale: Locale;
  /** How the person hears of their visitors' arrival, as a host. */
  hostNotice: HostNotice;
  /** A new personal PIN; '' leaves the PIN as it is. */
  pinCode: string;
  /** Takes the person's PIN away (a PIN typed next to it is ignored). */
  removePin: boolean;
  deactivated: boolean;
  buildingId: string;
}

export const personFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'visitorType',
  'externalId',
  'jobTitle',
  'department',
  'companyName',
  'defaultDuration',
  'validFrom',
  'validTo',
  'locale',
  'pinCode',
  'buildingId',
] as const;
export type PersonField = (typeof personFields)[number];

/** What the field groups of the form share: its values and rules, and the server's refusals. */
export interface PersonFormParts {
  form: SchemaForm<PersonValues, PersonInput>;
  server: ServerFieldErrors<PersonField>;
}

/** A new person: an employee of the only (or the user's favourite) building, in the user's language. */
export function newPersonValues(locale: Locale, buildingId: string): PersonValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    visitorType: 'EMPLOYEE',
    externalId: '',
    jobTitle: '',
    department: '',
    companyName: '',
    defaultDuration: null,
    validFrom: '',
    validTo: '',
    locale,
    hostNotice: 'EMAIL',
    pinCode: '',
    removePin: false,
    deactivated: false,
    buildingId,
  };
}

export function personValues(person: Person): PersonValues {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email ?? '',
    phone: person.phone ?? '',
    visitorType: person.visitorType,
    externalId: person.externalId ?? '',
    jobTitle: person.jobTitle ?? '',
    department: person.department ?? '',
    companyName: person.companyName ?? '',
    defaultDuration: person.defaultDuration,
    validFrom: person.validFrom ?? '',
    validTo: person.validTo ?? '',
    locale: person.locale,
    hostNotice: person.hostNotice,
    pinCode: '',
    removePin: false,
    deactivated: person.deactivated,
    buildingId: person.building.id,
  };
}

/**
 * What the schema reads: empty dates are "no limit", a company only for contractors, the PIN
 * removed (null), replaced (digits) or left alone (absent).
 */
export function personInput(values: PersonValues) {
  const { removePin, pinCode, ...rest } = values;
  return {
    ...rest,
    companyName: values.visitorType === 'CONTRACTOR' ? values.companyName : null,
    validFrom: values.validFrom === '' ? null : values.validFrom,
    validTo: values.validTo === '' ? null : values.validTo,
    pinCode: removePin ? null : pinCode === '' ? undefined : pinCode,
  };
}

/** Minutes as h:mm ("1:30"). */
export function formatDuration(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The default durations a person may have: 0:05 to 24:00 in steps of 5 minutes. */
export const durationChoices = Array.from(
  { length: (PERSON_LIMITS.durationMax - PERSON_LIMITS.durationMin) / PERSON_LIMITS.durationStep + 1 },
  (_, index) => PERSON_LIMITS.durationMin + index * PERSON_LIMITS.durationStep,
);

/** A person's name as the list and the dialogs show it. */
export function displayName(person: Pick<Person, 'firstName' | 'lastName'>): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** A file name from a person's name in plain characters: "pass-anne-marie-leroy.png". */
export function passFileName(person: Pick<Person, 'firstName' | 'lastName'>): string {
  const base = displayName(person)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `pass-${base || 'person'}.png`;
}

/** A yyyy-MM-dd day as a local date (new Date() would read it at midnight UTC). */
export function localDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}
