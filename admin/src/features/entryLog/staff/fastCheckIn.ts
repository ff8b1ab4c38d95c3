import {
  type CheckInData,
  type HostOption,
  type Person,
  type VisitDetail,
  type WizardVisitorType,
  minutesToDuration,
  wizardAnswersOf,
  wizardTypeOfPerson,
} from '@vestibule/shared';
import type { WizardInput, WizardResult } from '@vestibule/ui/wizard';
import type { FastCheckInBody } from '../entryLogApi.ts';

// The fast check-in of someone arriving without an invitation: who arrives, chosen by
// staff, then the building's wizard for that person type (the kiosk's), whose result is posted to
// POST /meetingWithCheckIn. These are the steps' data, apart from the screens.

/** A person of the building's directory as the fast check-in starts from them. */
export type DirectoryPerson = Pick<
  Person,
  'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'companyName' | 'defaultDuration'
>;

/** Who arrives, as staff said before the wizard. */
export interface WhoArrives {
  buildingId: string;
  visitorType: WizardVisitorType;
  /** A person of the building's directory (staff vouch for them), or null: typed in the wizard. */
  person: DirectoryPerson | null;
  /** The host (a person of the directory or a user) told of the arrival, or null. */
  host: HostOption | null;
  /** What an earlier visit of the person's form held (a returning visitor), to prefill the wizard. */
  formValues?: Record<string, string | boolean>;
}

/**
 * A returning visitor whose last answers no longer hold (the instant replacement's 422): the
 * fast check-in starts from that visit, its building, type, form, person and host, and asks the
 * questionnaires again.
 */
export function whoReturns(visit: VisitDetail): WhoArrives {
  return {
    buildingId: visit.buildingId,
    visitorType: wizardTypeOfPerson(visit.visitorType),
    person:
      visit.personId === null
        ? null
        : {
            id: visit.personId,
            firstName: visit.firstName ?? '',
            lastName: visit.lastName ?? '',
            email: visit.email,
            phone: visit.phone,
            companyName: visit.companyName,
            defaultDuration: null,
          },
    // The same host, linked again, by the name the visit shows.
    host:
      (visit.hostPersonId || visit.hostUserId) && visit.host
        ? {
            personId: visit.hostPersonId,
            userId: visit.hostPersonId ? null : visit.hostUserId,
            firstName: visit.host,
            lastName: '',
            department: null,
          }
        : null,
    formValues: visit.checkInForm,
  };
}

/** The directory record's values by the check-in form's keys (the wizard shows the enabled ones). */
function recordValues(person: DirectoryPerson): Record<string, string> {
  const values: Record<string, string | null> = {
    firstName: person.firstName,
    lastName: person.lastName,
    fullName: `${person.firstName} ${person.lastName}`.trim(),
    email: person.email,
    phone: person.phone,
    companyName: person.companyName,
    contractorCompanyName: person.companyName,
  };
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== ''),
  );
}

/** The wizard's input: the building's check-in for the type, prefilled with what staff said. */
export function fastWizardInput(data: CheckInData, who: WhoArrives): WizardInput {
  const personDuration =
    who.person?.defaultDuration !== null && who.person?.defaultDuration !== undefined
      ? minutesToDuration(who.person.defaultDuration)
      : null;
  const answers: Record<string, string | boolean> = {
    ...who.formValues,
    ...(who.person ? recordValues(who.person) : {}),
  };
  return {
    ...data,
    // The person's own default duration, when their record has one (as at the kiosk).
    defaultMeetingDuration: personDuration ?? data.defaultMeetingDuration,
    meetingIdentifier: null,
    id: null,
    personId: who.person?.id ?? null,
    replaceOldVisit: false,
    scheduledDuration: null,
    checkInAnswers: Object.keys(answers).length > 0 ? answers : null,
    answeredQuestionnaires: null,
    checkingBack: false,
    fromKiosk: false,
    // The host chosen first: the wizard's host field starts with them, linked.
    host: who.host,
  };
}

/** POST /meetingWithCheckIn's body: the wizard's result for the building, person and host chosen. */
export function fastCheckInBody(who: WhoArrives, result: WizardResult): FastCheckInBody {
  return {
    buildingId: who.buildingId,
    visitorType: result.visitorType,
    personId: who.person?.id ?? null,
    // The host's link is the wizard's: the one chosen first, or another chosen in its host field.
    ...wizardAnswersOf(result),
  };
}

/** The name the notices give: the directory's, else what the form says, else null. */
export function arrivalName(who: WhoArrives, result: WizardResult): string | null {
  if (who.person) return `${who.person.firstName} ${who.person.lastName}`.trim() || null;
  const text = (key: string) => {
    const value = result.checkInForm[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const name = `${text('firstName')} ${text('lastName')}`.trim() || text('fullName');
  return name === '' ? null : name;
}
