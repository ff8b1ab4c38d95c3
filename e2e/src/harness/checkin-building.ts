// A building of its own for the check-in scenarios, made through the API as the corporate
// (master) user: questionnaires with an alert question, a warning question and its follow-up,
// an exit questionnaire, consent, e-mail-me, comments and temperature measures, and hosts typed
// freely (it has no directory). Scenarios of other files that change Demo HQ never affect it.
import { type BuildingSettings, type QuestionInput, newBuildingSettings } from '@vestibule/shared';
import { demoUsers } from './demo-users.ts';
import { serviceClient, signedIn } from './service.ts';

export interface CheckInBuilding {
  id: string;
  name: string;
  qrCodeKey: string;
  /** The entry questionnaire of visitors: its id and the ids of its questions. */
  health: { id: string; name: string; fever: string; travel: string; countries: string };
  exit: { id: string; name: string; badge: string };
  texts: typeof questionTexts;
  settings: BuildingSettings;
}

export const questionTexts = {
  fever: 'Do you have a **fever** or a cough today?',
  feverName: 'Do you have a fever or a cough today?',
  travel: 'Have you travelled abroad in the last 14 days?',
  countries: 'Which countries did you visit?',
  badge: 'Did you give your visitor badge back?',
};

export const buildingTexts = {
  consent: 'We keep your name and answers for 30 days, for the safety of the building only.',
  success: 'Welcome! Please wear your badge at all times.',
  failure: 'Please wait at the front desk: someone will come to help you.',
};

export async function createCheckInBuilding(baseUrl: string): Promise<CheckInBuilding> {
  const api = await signedIn(baseUrl, demoUsers.master.username);
  const suffix = Date.now().toString(36);
  const name = `Check-in Tower ${suffix}`;
  const building = await api.call('POST /building', {
    body: {
      name,
      address1: '1 Harbour Street',
      city: 'Toronto',
      zip: 'M5J 2N8',
      state: 'ON',
      countryCode: 'CA',
      pinCode: '1234',
    },
  });

  const questionnaire = async (title: string) => {
    const created = await api.call('POST /questionnaire', { body: { name: `${title} ${suffix}`, description: null } });
    return { id: created.id, name: created.name };
  };
  const question = (questionnaireId: string, body: QuestionInput) =>
    api.call('POST /questionnaire/:qid/question', { params: { qid: questionnaireId }, body });

  const health = await questionnaire('Visitor health check');
  const fever = await question(health.id, { text: questionTexts.fever, questionType: 'YESNO', alertAnswer: 'YES' });
  const travel = await question(health.id, {
    text: questionTexts.travel,
    questionType: 'YESNONA',
    warningAnswer: 'YES',
  });
  const countries = await question(health.id, {
    text: questionTexts.countries,
    questionType: 'FREEFORM',
    previousQuestionId: travel.id,
    previousQuestionAnswer: 'YES',
  });
  const exit = await questionnaire('Before you leave');
  const badge = await question(exit.id, { text: questionTexts.badge, questionType: 'YESNO' });

  await api.call('PUT /building/:id/questionnaire', {
    params: { id: building.id },
    body: { visitorQuestionnaires: [health.id], contractorQuestionnaires: [health.id], employeeQuestionnaires: [] },
  });
  await api.call('PUT /building/:id/exitQuestionnaire', {
    params: { id: building.id },
    body: { visitorQuestionnaires: [exit.id], contractorQuestionnaires: [], employeeQuestionnaires: [] },
  });

  const settings: BuildingSettings = {
    ...newBuildingSettings(),
    consentClauseEnabled: true,
    consentText: buildingTexts.consent,
    emailMeEnabled: true,
    commentsEnabled: true,
    checkInTemperatureMeasuresEnabled: true,
    allowCheckInManualTemperatureMeasure: true,
    temperatureMeasureUnit: 'CELSIUS',
    minAllowedTemperature: 35,
    maxAllowedTemperature: 37.5,
    successFormText: buildingTexts.success,
    failureFormText: buildingTexts.failure,
    senderEmail: 'reception@example.com',
    // A tower without a people directory: the visitors type whom they visit.
    allowFreeTextHost: true,
  };
  await api.call('PATCH /building/:id/settings', { params: { id: building.id }, body: settings });

  return {
    id: building.id,
    name,
    qrCodeKey: building.qrCodeKey,
    health: { ...health, fever: fever.id, travel: travel.id, countries: countries.id },
    exit: { ...exit, badge: badge.id },
    texts: questionTexts,
    settings,
  };
}

/** A unique person, so scenarios sharing the server never meet "already checked in" by chance. */
let people = 0;

export function newPerson(label: string) {
  // Unique in a run (the counter: several people are made in the same millisecond) and across
  // runs against the same server (the time).
  people += 1;
  const unique = `${Date.now().toString(36)}x${people}`;
  return {
    host: 'Grace Hopper',
    firstName: label,
    lastName: `Tester${unique}`,
    email: `${label.toLowerCase()}.${unique}@example.test`,
    phone: `+1416555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`,
  };
}

export interface CheckedInVisit {
  publicIdentifier: string;
  meetingIdentifier: string;
  pin: string;
}

/** Checks a person in through the public API (a precondition of the check-out scenarios). */
export async function checkInThroughApi(
  baseUrl: string,
  building: CheckInBuilding,
  person: ReturnType<typeof newPerson>,
): Promise<CheckedInVisit> {
  const outcome = await serviceClient(baseUrl).call('POST /checkin', {
    body: {
      qrCodeKey: building.qrCodeKey,
      visitorType: 'VISITOR',
      checkInForm: { host: person.host, firstName: person.firstName, lastName: person.lastName, phone: person.phone },
      questionnairesAnswers: [
        {
          questionnaireId: building.health.id,
          answers: { [building.health.fever]: 'NO', [building.health.travel]: 'NO' },
        },
      ],
      consentAccepted: true,
      scheduledDuration: 'PT1H',
      tempMeasure1: 36.6,
    },
  });
  const { allowed, publicIdentifier, meetingIdentifier, pin } = outcome;
  if (!allowed || !publicIdentifier || !meetingIdentifier || !pin) {
    throw new Error(`Check-in refused: ${JSON.stringify(outcome)}`);
  }
  return { publicIdentifier, meetingIdentifier, pin };
}
