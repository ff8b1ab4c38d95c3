import type { AnsweredQuestion, CheckInData, HostOption, SignMethod, WizardVisitorType } from '@vestibule/shared';

/**
 * The wizard's input: the building's check-in data for one person type, and
 * what is already known of the visit (an invitation, an earlier check-in). The wizard knows
 * nothing of where it comes from: the server today, the kiosk's local copy tomorrow.
 */
export interface WizardInput extends CheckInData {
  /** The visit's code when the visit exists already (an invitation). */
  meetingIdentifier: string | null;
  /** The visit's id when it exists already (or the id a kiosk generated). */
  id: string | null;
  personId: string | null;
  replaceOldVisit: boolean;
  /** The visit's planned duration (ISO 8601), used when `id` is set. */
  scheduledDuration: string | null;
  /** Stored check-in form values that prefill the form (booleans may be the text "true"). */
  checkInAnswers: Record<string, unknown> | null;
  /** Earlier answers: they prefill the questions that have the same text. */
  answeredQuestionnaires: readonly { items: readonly AnsweredQuestion[] }[] | null;
  /** The person checks in again after a check-out: off a kiosk the wizard finishes at once. */
  checkingBack: boolean;
  fromKiosk: boolean;
  /**
   * The host already chosen (staff picked them before the wizard): the host field starts with
   * them, linked. A visit's own host (an invitation) is its `checkInAnswers.host` name, which
   * stands without a choice: the server keeps the visit's link.
   */
  host?: HostOption | null;
}

/** The wizard's result: the body of POST /checkin without the link's token and device id. */
export interface WizardResult {
  qrCodeKey: string;
  visitorType: WizardVisitorType;
  id: string | null;
  personId: string | null;
  replaceOldVisit: boolean;
  /** ISO 8601, e.g. PT1H30M; null for an employee (never asked: their default duration applies). */
  scheduledDuration: string | null;
  checkInForm: Record<string, string | boolean>;
  /** Answers of the visible questions only; empty when earlier answers are reused (checking back). */
  questionnairesAnswers: { questionnaireId: string; answers: Record<string, string> }[];
  consentAccepted: boolean;
  tempMeasure1: number | null;
  tempMeasure2: number | null;
  comments: string | null;
  emailMeActive: boolean;
  emailMeEmail: string | null;
  /** The host chosen from the list: a person of the directory or a user (at most one), else null. */
  hostPersonId: string | null;
  hostUserId: string | null;
  /** The person's photo (docs/check-in.md, "The visitor's photo"): base64 JPEG without prefix, or null. */
  photo: string | null;
  /** The documents signed in the wizard, in their order (docs/check-in.md, "Signed documents"). */
  signatures: WizardSignature[];
}

/** One signed document, as the check-in request carries it. */
export interface WizardSignature {
  documentId: string;
  /** The version read and signed. */
  versionId: string;
  /** ISO 8601, the device's time of signing. */
  signedAt: string;
  /** TYPE also when a drawn document was signed by typing (the pad's accessible alternative). */
  method: SignMethod;
  typedName: string | null;
  /** DRAW: the trimmed signature as a base64 PNG without prefix. */
  image: string | null;
}

/** Who is checking in, as the form knows them: the "already signed" lookup's question. */
export interface SignerQuery {
  visitorType: WizardVisitorType;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The current versions this person signed lately (POST /checkin[Kiosk]/{key}/signedDocuments):
 * given by the page; it answers an empty list when it cannot tell (offline, a failed call), so
 * the person is asked.
 */
export type SignedDocumentsLookup = (query: SignerQuery, signal: AbortSignal) => Promise<readonly string[]>;

/** Reads a camera of the building: given to the wizard by the page, so the wizard stays free of I/O. */
export interface CameraReader {
  /** The camera's current reading, or null when it has none. */
  readTemperature(cameraId: string): Promise<number | null>;
  /** The address of a fresh picture of the camera (`stamp` defeats caches). */
  pictureUrl(cameraId: string, stamp: number): string;
}

/** Where a choice (the camera per entry and exit) is remembered on this device. */
export interface ChoiceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
