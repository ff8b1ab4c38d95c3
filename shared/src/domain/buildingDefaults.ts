import type { BuildingSettings } from '../schemas/building.ts';
import { defaultCheckInForm } from './checkInForm.ts';

/** The days a building's people are expected in when it names none: Monday to Friday (ISO weekdays). */
export const DEFAULT_WORKING_DAYS = [1, 2, 3, 4, 5] as const;

/** Settings a new building starts with. */
export function newBuildingSettings(): BuildingSettings {
  return {
    consentClauseEnabled: false,
    consentText: '',
    commentsEnabled: false,
    emailMeEnabled: false,
    checkInTemperatureMeasuresEnabled: false,
    allowCheckInManualTemperatureMeasure: false,
    checkOutTemperatureMeasuresEnabled: false,
    allowCheckOutManualTemperatureMeasure: false,
    temperatureMeasureUnit: 'CELSIUS',
    minAllowedTemperature: null,
    maxAllowedTemperature: null,
    senderEmail: '',
    senderPhone: '',
    meetingAlertEnabled: false,
    meetingStartReminderTime: 'PT24H',
    meetingEndReminderTime: 'PT5M',
    overdueAlertTime: 'PT15M',
    timeZoneId: 'America/Toronto',
    defaultLocale: 'en',
    dateFormat: 'yyyy-MM-dd',
    timeFormat: 'HH:mm',
    defaultMeetingDuration: 'PT1H',
    questionnairesValidityTimeout: 'PT2H',
    autoCheckoutMode: 'TIMEOUT',
    autoCheckOutTimeout: 'PT1H',
    autoCheckoutSpecificTime: null,
    successFormText: '',
    failureFormText: '',
    allowFreeTextHost: false,
    hostNoticeWaitText: '',
    // The visitor's own check-out asks the building's exit questionnaires unless it turns them off.
    allowExitQuestionnairesOnEmailCheckOut: true,
    questionnairesOnStaffCheckIn: false,
    pinIdentificationMethodType: 'PERSONAL_PIN_AND_LASTNAME',
    // Invitations carry the visit's QR code and the building's logo (once it has one).
    appendQrCode: true,
    appendLogo: true,
    kioskOutcomeSeconds: 15,
    employeeCheckIn: 'IDENTIFIED',
    workingDays: [...DEFAULT_WORKING_DAYS],
  };
}

export function newBuildingCheckInForms() {
  return {
    visitorCheckInForm: defaultCheckInForm('VISITOR'),
    contractorCheckInForm: defaultCheckInForm('CONTRACTOR'),
    employeeCheckInForm: defaultCheckInForm('EMPLOYEE'),
  };
}
