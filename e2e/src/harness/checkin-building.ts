// A building of its own for the check-in scenarios, made through the API as the corporate
// (master) user: questionnaires with an alert question, a warning question and its follow-up,
// an exit questionnaire, consent, e-mail-me, comments and temperature measures. Scenarios of
// other files that change Demo HQ never affect it.
import { type BuildingSettings, newBuildingSettings } from '@vestibule/shared';
import { DEMO_PASSWORD, demoUsers } from './demo-users.ts';

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

type Api = <T>(method: string, path: string, body?: unknown, expectedStatus?: number) => Promise<T>;

/** Calls the server as a demo user (bearer token from /service/login). */
export async function apiAs(baseUrl: string, username: string): Promise<Api> {
  const login = await fetch(`${baseUrl}/service/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`Sign-in of ${username} failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  return async <T>(method: string, path: string, body?: unknown, expectedStatus = 200): Promise<T> => {
    const response = await fetch(`${baseUrl}/service${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== expectedStatus) {
      throw new Error(`${method} ${path} answered ${response.status} (expected ${expectedStatus}): ${text}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

export async function createCheckInBuilding(baseUrl: string): Promise<CheckInBuilding> {
  const api = await apiAs(baseUrl, demoUsers.master.username);
  const suffix = Date.now().toString(36);
  const name = `Check-in Tower ${suffix}`;
  const building = await api<{ id: string; qrCodeKey: string }>('POST', '/building', {
    name,
    address1: '1 Harbour Street',
    city: 'Toronto',
    zip: 'M5J 2N8',
    state: 'ON',
    countryCode: 'CA',
    pinCode: '1234',
  });

  const questionnaire = async (title: string) => {
    const created = await api<{ id: string; name: string }>(
      'POST',
      '/questionnaire',
      { name: `${title} ${suffix}`, description: null },
      201,
    );
    return { id: created.id, name: created.name };
  };
  const question = (questionnaireId: string, body: Record<string, unknown>) =>
    api<{ id: string }>('POST', `/questionnaire/${questionnaireId}/question`, body);

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

  await api(
    'PUT',
    `/building/${building.id}/questionnaire`,
    {
      visitorQuestionnaires: [health.id],
      contractorQuestionnaires: [health.id],
      employeeQuestionnaires: [],
    },
    201,
  );
  await api(
    'PUT',
    `/building/${building.id}/exitQuestionnaire`,
    {
      visitorExitQuestionnaires: [exit.id],
      contractorExitQuestionnaires: [],
      employeeExitQuestionnaires: [],
    },
    201,
  );

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
  };
  await api('PATCH', `/building/${building.id}/settings`, settings);

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
  const response = await fetch(`${baseUrl}/service/checkin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
    body: JSON.stringify({
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
    }),
  });
  const body = (await response.json()) as CheckedInVisit & { allowed: boolean };
  if (response.status !== 200 || !body.allowed) throw new Error(`Check-in refused: ${JSON.stringify(body)}`);
  return body;
}
