import {
  type CheckInField,
  type CheckInFieldKey,
  type DeskCheckInData,
  type HostOption,
  type Person,
  type ReturningVisitor,
  type WizardVisitorType,
  enabledFields,
  fieldError,
  hostName,
  linkOf,
  wizardTypeOfPerson,
} from '@vestibule/shared';
import type { FastCheckInBody } from '../entryLogApi.ts';

// The desk's one form (docs/check-in.md, "At the desk"): who arrives (typed, or a returning
// visitor or a person of the directory picked), their company, the host, the person type and the
// other fields the building's form makes mandatory; the questions only where the building asks
// them at the desk. These are its data and rules, apart from the screen.

/** A person of the building's directory as the desk starts from them. */
export type DirectoryPerson = Pick<
  Person,
  'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'companyName' | 'defaultDuration' | 'visitorType'
>;

/** The host picked: one of the building's hosts, told of the arrival (the visit keeps the link). */
export type DeskHost = HostOption;

/** A visit's linked host as the host field shows it, by the name the visit keeps; null when not linked. */
export function hostOfVisit(visit: {
  host: string | null;
  hostPersonId: string | null;
  hostUserId: string | null;
}): DeskHost | null {
  if (!visit.host || (!visit.hostPersonId && !visit.hostUserId)) return null;
  return {
    personId: visit.hostPersonId,
    userId: visit.hostUserId,
    firstName: visit.host,
    lastName: '',
    department: null,
  };
}

export interface DeskValues {
  visitorType: WizardVisitorType;
  /** A person of the directory (picked, or a returning visitor linked to one): their record names them. */
  person: { id: string; name: string } | null;
  firstName: string;
  lastName: string;
  fullName: string;
  company: string;
  host: DeskHost | null;
  /** The form's other mandatory fields, by key. */
  extra: Partial<Record<CheckInFieldKey, string | boolean>>;
}

export const emptyDeskValues = (visitorType: WizardVisitorType = 'VISITOR'): DeskValues => ({
  visitorType,
  person: null,
  firstName: '',
  lastName: '',
  fullName: '',
  company: '',
  host: null,
  extra: {},
});

/** What the building's form for the person type makes the desk ask. */
export interface DeskLayout {
  /** First and last name, or the full name alone. */
  names: 'split' | 'full';
  /** The form's key the company goes to, or null when the form asks none. */
  companyKey: 'companyName' | 'contractorCompanyName' | null;
  companyRequired: boolean;
  hostAsked: boolean;
  hostRequired: boolean;
  /** The form's other enabled and mandatory fields, in its order. */
  extra: [CheckInFieldKey, CheckInField][];
}

const ownFields = new Set<CheckInFieldKey>([
  'host',
  'firstName',
  'lastName',
  'fullName',
  'companyName',
  'contractorCompanyName',
]);

export function deskLayout(data: DeskCheckInData): DeskLayout {
  const form = data.checkInForm;
  const on = (key: CheckInFieldKey) => form[key]?.enabled === true;
  const required = (key: CheckInFieldKey) => on(key) && form[key]?.mandatory === true;
  const companyOrder: ('companyName' | 'contractorCompanyName')[] =
    data.visitorType === 'CONTRACTOR'
      ? ['contractorCompanyName', 'companyName']
      : ['companyName', 'contractorCompanyName'];
  const companyKey = companyOrder.find(on) ?? null;
  return {
    names: on('fullName') && !on('firstName') && !on('lastName') ? 'full' : 'split',
    companyKey,
    companyRequired: companyKey !== null && required(companyKey),
    // Employees see no one; anyone else may name a host even where the form does not ask one.
    hostAsked: on('host') || data.visitorType !== 'EMPLOYEE',
    hostRequired: required('host'),
    extra: enabledFields(form).filter(([key, field]) => field.mandatory && !ownFields.has(key)),
  };
}

/** The check-in form's values the desk sends: the fields the layout asks, trimmed. */
export function deskFormValues(values: DeskValues, layout: DeskLayout): Record<string, string | boolean> {
  const form: Record<string, string | boolean> = {};
  const text = (key: string, value: string) => {
    if (value.trim() !== '') form[key] = value.trim();
  };
  if (!values.person) {
    if (layout.names === 'full') text('fullName', values.fullName);
    else {
      text('firstName', values.firstName);
      text('lastName', values.lastName);
    }
  }
  if (layout.companyKey) text(layout.companyKey, values.company);
  if (values.host) form.host = hostName(values.host);
  for (const [key] of layout.extra) {
    const value = values.extra[key];
    if (typeof value === 'boolean') form[key] = value;
    else if (typeof value === 'string') text(key, value);
  }
  return form;
}

export type DeskField = 'firstName' | 'lastName' | 'fullName' | 'company' | 'host' | CheckInFieldKey;

/** What is missing or wrong in the form, by field: required, or not an e-mail, or too long. */
export function deskProblems(
  values: DeskValues,
  layout: DeskLayout,
  form: DeskCheckInData['checkInForm'],
): Partial<Record<DeskField, 'required' | 'email' | 'maxLength'>> {
  const problems: Partial<Record<DeskField, 'required' | 'email' | 'maxLength'>> = {};
  const check = (name: DeskField, key: CheckInFieldKey, value: string | boolean | undefined, mandatory?: boolean) => {
    const field = form[key];
    if (!field) return;
    const problem = fieldError(key, { ...field, mandatory: mandatory ?? field.mandatory }, value);
    if (problem) problems[name] = problem;
  };
  if (!values.person) {
    if (layout.names === 'full') check('fullName', 'fullName', values.fullName, true);
    else {
      check('firstName', 'firstName', values.firstName);
      check('lastName', 'lastName', values.lastName);
    }
  }
  if (layout.companyKey) check('company', layout.companyKey, values.company);
  if (layout.hostRequired && !values.host) problems.host = 'required';
  for (const [key] of layout.extra) check(key, key, values.extra[key]);
  return problems;
}

/** What the questions step adds, when the building asks them at the desk. */
export interface DeskAnswers {
  questionnairesAnswers: FastCheckInBody['questionnairesAnswers'];
  consentAccepted: boolean;
  tempMeasure1: number | null;
  tempMeasure2: number | null;
}

const noAnswers: DeskAnswers = {
  questionnairesAnswers: [],
  consentAccepted: false,
  tempMeasure1: null,
  tempMeasure2: null,
};

/** POST /meetingWithCheckIn's body for the desk's form. */
export function deskBody(
  buildingId: string,
  values: DeskValues,
  layout: DeskLayout,
  answers: DeskAnswers = noAnswers,
): FastCheckInBody {
  return {
    buildingId,
    visitorType: values.visitorType,
    personId: values.person?.id ?? null,
    ...linkOf(values.host),
    checkInForm: deskFormValues(values, layout),
    // The building's default, or the person's own (the server decides).
    scheduledDuration: null,
    ...answers,
    comments: null,
    emailMeActive: false,
    emailMeEmail: null,
  };
}

/** The form filled from a visit of the person (a returning visitor's latest). */
export function valuesOfVisit(
  visitor: Pick<
    ReturningVisitor,
    | 'visitorType'
    | 'personId'
    | 'firstName'
    | 'lastName'
    | 'companyName'
    | 'host'
    | 'hostPersonId'
    | 'hostUserId'
    | 'checkInForm'
  >,
): DeskValues {
  const form = visitor.checkInForm;
  const text = (key: string) => (typeof form[key] === 'string' ? form[key] : '');
  const extra: DeskValues['extra'] = {};
  for (const [key, value] of Object.entries(form))
    if (!ownFields.has(key as CheckInFieldKey)) extra[key as CheckInFieldKey] = value;
  return {
    visitorType: wizardTypeOfPerson(visitor.visitorType),
    person: visitor.personId
      ? { id: visitor.personId, name: [visitor.firstName, visitor.lastName].filter(Boolean).join(' ') }
      : null,
    firstName: visitor.firstName ?? text('firstName'),
    lastName: visitor.lastName ?? text('lastName'),
    fullName: text('fullName') || [visitor.firstName, visitor.lastName].filter(Boolean).join(' '),
    company: visitor.companyName ?? '',
    host: hostOfVisit(visitor),
    extra,
  };
}

/** The form filled from a person of the directory (their record names them). */
export function valuesOfPerson(person: DirectoryPerson): DeskValues {
  const extra: DeskValues['extra'] = {};
  if (person.email) extra.email = person.email;
  if (person.phone) extra.phone = person.phone;
  return {
    ...emptyDeskValues(wizardTypeOfPerson(person.visitorType)),
    person: { id: person.id, name: `${person.firstName} ${person.lastName}`.trim() },
    firstName: person.firstName,
    lastName: person.lastName,
    fullName: `${person.firstName} ${person.lastName}`.trim(),
    company: person.companyName ?? '',
    extra,
  };
}

/**
 * The check-in form of a person of the directory checked in at once: what their record holds
 * (the server keeps the fields the building's form asks, and the record's names).
 */
export function recordForm(person: DirectoryPerson): Record<string, string> {
  const values: Record<string, string | null> = {
    email: person.email,
    phone: person.phone,
    companyName: person.companyName,
    contractorCompanyName: person.companyName,
  };
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== ''),
  );
}

/** The name the notices give. */
export function deskName(values: DeskValues, layout: DeskLayout | null): string {
  if (values.person) return values.person.name;
  if (layout?.names === 'full') return values.fullName.trim();
  return `${values.firstName.trim()} ${values.lastName.trim()}`.trim();
}
