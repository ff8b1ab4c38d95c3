import {
  type AnsweredQuestionnaire,
  type BuildingSettings,
  type CheckInBuilding,
  type CheckInData,
  type CheckInForm,
  type CheckInResponse,
  type Locale,
  type VisitCodes,
  type WizardQuestionnaire,
  type WizardVisitorType,
  answerOptions,
  entryDecision,
  mergeCheckBack,
  durationError,
  durationToMinutes,
  enabledFields,
  fieldError,
  isQuestionnaireComplete,
  newVisitCodes,
  newBuildingCheckInForms,
  newBuildingSettings,
  parseDeviceIds,
  secondMeasureRequired,
  splitDuration,
  temperatureRefused,
  uuidv7,
  visibleQuestions,
  wizardVisitorTypes,
} from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { z } from 'zod';
import type { checkInRequestSchema, checkOutRequestSchema } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../mail/mail.repo.ts';
import {
  type KeyedBuilding,
  activeCameras,
  cameraConnection,
  checkOutVisit,
  findBuildingByKey,
  findOpenVisitOfPerson,
  findOpenVisitsAtBuilding,
  findVisitById,
  findVisitByIdentifierAndPin,
  findVisitByPublicIdentifier,
  insertVisit,
  linkedQuestionnaires,
  pinFailures,
  recordPinFailure,
  updateVisit,
  visitCodesTaken,
} from './checkin.repo.ts';
import { readCameraInfo, readCameraPicture } from '../cameras/camera.adapter.ts';
import { type EnrolledKiosk, kioskOfCredential } from '../kiosks/kiosks.service.ts';
import { toVisitSummary } from './visit.dto.ts';
import { issueTicket, visitOfTicket } from './checkoutTicket.ts';

type CheckInBody = z.output<typeof checkInRequestSchema>;
type CheckOutBody = z.output<typeof checkOutRequestSchema>;

/** Where the call comes from: the visitor's own device (/checkin) or a kiosk (/checkinKiosk). */
export interface CheckInChannel {
  fromKiosk: boolean;
  /** The `x-kiosk-credential` header as sent: a kiosk call needs an enrolled device's credential. */
  credential?: string | undefined;
  /**
   * The enrolled kiosk already checked for this request (a sync batch checks it once, and
   * decides per entry what a revoked kiosk may still deliver).
   */
  verifiedKiosk?: EnrolledKiosk | undefined;
  clientIp: string;
  locale: Locale;
  /** Origin of links in e-mails when PUBLIC_URL is not set. */
  origin: string;
}

function settingsOf(building: KeyedBuilding): BuildingSettings {
  return { ...newBuildingSettings(), ...(building.settings ?? {}) };
}

function formOf(building: KeyedBuilding, visitorType: WizardVisitorType): CheckInForm {
  const forms = building.check_in_forms ?? newBuildingCheckInForms();
  const key = {
    VISITOR: 'visitorCheckInForm',
    CONTRACTOR: 'contractorCheckInForm',
    EMPLOYEE: 'employeeCheckInForm',
  } as const;
  return forms[key[visitorType]];
}

/**
 * The building of a public link. Own-device links must carry the building's current mobile
 * token when it has one (an old printed QR code stops working after rotation); kiosk calls
 * need an enrolled device of the building (and one of its addresses when it lists some).
 */
export async function buildingForChannel(
  ctx: ServerContext,
  qrCodeKey: string,
  channel: CheckInChannel,
  mt: string | null,
  options: ChannelOptions = {},
): Promise<KeyedBuilding> {
  return checkChannel(ctx, await findBuildingByKey(ctx.db, qrCodeKey), channel, mt, options);
}

interface ChannelOptions {
  ignoreMobileToken?: boolean;
}

/** Memoises `load` under `key` when a batch cache is given. */
function cached<T>(cache: Map<string, Promise<unknown>> | undefined, key: string, load: () => Promise<T>): Promise<T> {
  if (!cache) return load();
  let value = cache.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    cache.set(key, value);
  }
  return value;
}

/** The building as this channel may see it: a kiosk enrolled for it, a link with its current token. */
async function checkChannel(
  ctx: ServerContext,
  building: KeyedBuilding | undefined,
  channel: CheckInChannel,
  mt: string | null,
  options: ChannelOptions = {},
): Promise<KeyedBuilding> {
  if (!building) throw new AppError('NOT_FOUND');
  if (channel.fromKiosk) {
    const kiosk = channel.verifiedKiosk ?? (await enrolledKioskOf(ctx, building, channel));
    if (kiosk.buildingId !== building.id) throw new AppError('KIOSK_DEVICE_NOT_ALLOWED');
  } else if (building.mobile_token && !options.ignoreMobileToken && mt !== building.mobile_token) {
    throw new AppError('CHECKIN_LINK_EXPIRED');
  }
  return building;
}

/**
 * The enrolled kiosk behind a kiosk call: a valid credential (401 KIOSK_ENROLMENT_REQUIRED
 * without one), of this building, from one of its listed addresses when it lists some (an extra
 * restriction, not a credential). A revoked kiosk is refused (403 KIOSK_DEVICE_REVOKED) unless
 * `revokedAllowed`: a sync batch still delivers what it made before its revocation.
 */
export async function enrolledKioskOf(
  ctx: ServerContext,
  building: KeyedBuilding,
  channel: CheckInChannel,
  options: { revokedAllowed?: boolean } = {},
): Promise<EnrolledKiosk> {
  const kiosk = await kioskOfCredential(ctx, channel.credential);
  if (!kiosk) throw new AppError('KIOSK_ENROLMENT_REQUIRED');
  if (kiosk.buildingId !== building.id) throw new AppError('KIOSK_DEVICE_NOT_ALLOWED');
  if (kiosk.revokedAt && !options.revokedAllowed) throw new AppError('KIOSK_DEVICE_REVOKED');
  const addresses = parseDeviceIds(building.devices_ids);
  if (addresses.length > 0 && !addresses.includes(channel.clientIp.replace(/^::ffff:/, ''))) {
    throw new AppError('KIOSK_DEVICE_NOT_ALLOWED');
  }
  return kiosk;
}

export async function checkInBuilding(
  ctx: ServerContext,
  qrCodeKey: string,
  channel: CheckInChannel,
  mt: string | null,
): Promise<CheckInBuilding> {
  const building = await buildingForChannel(ctx, qrCodeKey, channel, mt);
  return {
    qrCodeKey,
    fromKiosk: channel.fromKiosk,
    building: {
      id: building.id,
      name: building.name,
      logoVersion: building.check_in_logo_version,
      defaultLocale: settingsOf(building).defaultLocale,
      devicesSuccessText: building.devices_success_text,
      devicesAttentionText: building.devices_attention_text,
    },
    visitorTypes: [...wizardVisitorTypes],
  };
}

export async function checkInData(
  ctx: ServerContext,
  qrCodeKey: string,
  visitorType: WizardVisitorType,
  channel: CheckInChannel,
  mt: string | null,
): Promise<CheckInData> {
  const building = await buildingForChannel(ctx, qrCodeKey, channel, mt);
  const settings = settingsOf(building);
  // Camera readings and pictures are for enrolled kiosks only: a phone types its temperature.
  const cameras = channel.fromKiosk ? await activeCameras(ctx.db, building.id) : [];
  const camerasAt = (place: 'ENTRY' | 'EXIT') =>
    Object.fromEntries(
      cameras.filter((c) => c.camera_place === place || c.camera_place === 'ENTRY_EXIT').map((c) => [c.id, c.name]),
    );
  return {
    qrCodeKey,
    visitorType,
    defaultMeetingDuration: settings.defaultMeetingDuration,
    checkInForm: formOf(building, visitorType),
    questionnaires: await linkedQuestionnaires(ctx.db, building.id, 'ENTRY', visitorType),
    consentClauseActive: settings.consentClauseEnabled,
    consentClauseText: settings.consentText,
    emailMeActive: settings.emailMeEnabled,
    checkInTemperatureMeasuresEnabled: settings.checkInTemperatureMeasuresEnabled,
    allowCheckInManualTemperatureMeasure: settings.allowCheckInManualTemperatureMeasure,
    checkOutTemperatureMeasuresEnabled: settings.checkOutTemperatureMeasuresEnabled,
    allowCheckOutManualTemperatureMeasure: settings.allowCheckOutManualTemperatureMeasure,
    commentsEnabled: settings.commentsEnabled,
    temperatureUnit: settings.temperatureMeasureUnit ?? 'CELSIUS',
    minTemperature: settings.minAllowedTemperature,
    maxTemperature: settings.maxAllowedTemperature,
    cameras: { ENTRY: camerasAt('ENTRY'), EXIT: camerasAt('EXIT') },
    successFormText: settings.successFormText,
    failureFormText: settings.failureFormText,
  };
}

/**
 * Checks answers against the questionnaires: every visible question answered with a value
 * its type allows; answers to hidden or unknown questions are dropped. Answers are stored
 * with the question texts as they were.
 */
function answeredQuestionnaires(
  questionnaires: readonly WizardQuestionnaire[],
  given: CheckInBody['questionnairesAnswers'],
): { stored: AnsweredQuestionnaire[]; flat: Record<string, string> } {
  const flat: Record<string, string> = {};
  for (const entry of given) Object.assign(flat, entry.answers);
  const stored: AnsweredQuestionnaire[] = [];
  for (const questionnaire of questionnaires) {
    if (!isQuestionnaireComplete(questionnaire.items, flat))
      throw new AppError('MISSING', { field: questionnaire.name });
    const items = visibleQuestions(questionnaire.items, flat).map((question) => {
      const answer = flat[question.id] ?? '';
      const options = answerOptions(question.questionType, false);
      if (options.length > 0 && !(options as string[]).includes(answer)) {
        throw new AppError('VALIDATION_FAILED', { field: question.text.slice(0, 80) });
      }
      return { questionId: question.id, question: question.text, questionType: question.questionType, answer };
    });
    stored.push({ questionnaireId: questionnaire.id, name: questionnaire.name, items });
  }
  return { stored, flat };
}

function checkTemperatures(
  enabled: boolean,
  measures: { tempMeasure1: number | null; tempMeasure2: number | null },
  settings: BuildingSettings,
): boolean {
  if (!enabled) return false;
  const min = settings.minAllowedTemperature ?? Number.NEGATIVE_INFINITY;
  const max = settings.maxAllowedTemperature ?? Number.POSITIVE_INFINITY;
  if (measures.tempMeasure1 === null) throw new AppError('MISSING', { field: 'tempMeasure1' });
  if (secondMeasureRequired(measures.tempMeasure1, min, max) && measures.tempMeasure2 === null) {
    throw new AppError('MISSING', { field: 'tempMeasure2' });
  }
  return temperatureRefused(measures.tempMeasure1, measures.tempMeasure2, min, max);
}

function textValue(form: Record<string, string | boolean>, key: string): string | null {
  const value = form[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** When the check-in happened: now online, or the kiosk's clock for a synced offline check-in. */
export interface CheckInTiming {
  occurredAt?: Date;
  /**
   * A kiosk batch reads its building and questionnaires once for all its check-ins (they
   * cannot change within the batch's request); keyed by qrCodeKey and by building/type.
   */
  batchCache?: Map<string, Promise<unknown>>;
  /** Whether the answer needs the visit's summary (the online call's entryLogItem). */
  withSummary?: boolean;
  /** The codes a kiosk gave the person when it checked them in offline (kept unless taken). */
  codes?: VisitCodes;
}

/** Runs `work` in a transaction, or in the caller's when `ctx.db` already is one (kiosk sync). */
function inTransaction<T>(ctx: ServerContext, work: (db: ServerContext['db']) => Promise<T>): Promise<T> {
  return ctx.db.isTransaction ? work(ctx.db) : ctx.db.transaction().execute(work);
}

export async function checkIn(
  ctx: ServerContext,
  body: CheckInBody,
  channel: CheckInChannel,
  timing: CheckInTiming = {},
): Promise<{ status: number; body: CheckInResponse; created?: boolean }> {
  const building = await cached(timing.batchCache, `building|${body.qrCodeKey}`, () =>
    findBuildingByKey(ctx.db, body.qrCodeKey),
  ).then((row) => checkChannel(ctx, row, channel, body.mt));
  const settings = settingsOf(building);
  const visitorType = body.visitorType;
  const form = formOf(building, visitorType);

  const existing = body.id ? await findVisitById(ctx.db, body.id) : undefined;
  if (existing && existing.building_id !== building.id) throw new AppError('CHECKIN_VISIT_NOT_FOUND');
  // The person's form: enabled fields only, each checked by the rule its settings derive.
  // Checking back in merges with what is stored (shared rule): blanks never erase stored values.
  const submitted = existing ? mergeCheckBack(form, existing.check_in_form, body.checkInForm) : body.checkInForm;
  const values: Record<string, string | boolean> = {};
  for (const [key, field] of enabledFields(form)) {
    const value = submitted[key];
    const error = fieldError(key, field, value);
    if (error)
      throw new AppError(
        error === 'required' ? 'MISSING' : error === 'email' ? 'EMAIL_IS_NOT_VALID' : 'VALIDATION_FAILED',
        { field: key },
      );
    if (value !== undefined) values[key] = typeof value === 'string' ? value.trim() : value;
  }
  const person = {
    personId: body.personId,
    email: textValue(values, 'email'),
    firstName: textValue(values, 'firstName'),
    lastName: textValue(values, 'lastName'),
  };
  if (existing?.checked_in_at && !existing.checked_out_at) return alreadyCheckedIn(channel.locale);
  if (!existing || !existing.checked_in_at) {
    if (await findOpenVisitOfPerson(ctx.db, building.id, person)) return alreadyCheckedIn(channel.locale);
  }

  const questionnaires = await cached(timing.batchCache, `entry|${building.id}|${visitorType}`, () =>
    linkedQuestionnaires(ctx.db, building.id, 'ENTRY', visitorType),
  );
  let stored: AnsweredQuestionnaire[];
  let answers: Record<string, string>;
  let answeredAt = new Date();
  const reusesEarlierAnswers =
    existing !== undefined && body.questionnairesAnswers.length === 0 && existing.questionnaires_answered_at !== null;
  if (reusesEarlierAnswers && existing.questionnaires_answered_at) {
    // An employee who answered earlier: the answers hold for the building's validity timeout.
    const validMinutes = durationToMinutes(settings.questionnairesValidityTimeout) ?? 0;
    answeredAt = new Date(existing.questionnaires_answered_at);
    if (visitorType === 'EMPLOYEE' && Date.now() - answeredAt.getTime() > validMinutes * 60_000) {
      throw new AppError('CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID');
    }
    stored = existing.questionnaires_answers;
    answers = Object.fromEntries(stored.flatMap((q) => q.items.map((item) => [item.questionId, item.answer])));
  } else {
    ({ stored, flat: answers } = answeredQuestionnaires(questionnaires, body.questionnairesAnswers));
  }

  // Checking back into an existing visit keeps the consent and measures it already has.
  const consentAccepted = body.consentAccepted || (existing?.consent_accepted ?? false);
  if (settings.consentClauseEnabled && !consentAccepted) throw new AppError('MISSING', { field: 'consentAccepted' });
  const measures = {
    tempMeasure1: body.tempMeasure1 ?? existing?.temp_measure1 ?? null,
    tempMeasure2: body.tempMeasure2 ?? existing?.temp_measure2 ?? null,
  };
  const duration = body.scheduledDuration ?? existing?.scheduled_duration ?? settings.defaultMeetingDuration;
  const { hours, minutes } = splitDuration(duration);
  if (durationError(hours, minutes, visitorType) === 'required') throw new AppError('EMPTY_MEETING_DURATION');
  const emailMe = body.emailMeActive && settings.emailMeEnabled ? body.emailMeEmail || null : null;
  if (body.emailMeActive && settings.emailMeEnabled && !emailMe)
    throw new AppError('MISSING', { field: 'emailMeEmail' });

  // Measures are asked only where the wizard has its entry step: measuring with manual entry allowed.
  const measured = settings.checkInTemperatureMeasuresEnabled && settings.allowCheckInManualTemperatureMeasure;
  checkTemperatures(measured, measures, settings);
  // The outcome by the same shared rule the kiosk applies offline.
  const { refusal, flagged } = entryDecision(
    {
      questionnaires,
      checkInTemperatureMeasuresEnabled: settings.checkInTemperatureMeasuresEnabled,
      allowCheckInManualTemperatureMeasure: settings.allowCheckInManualTemperatureMeasure,
      minTemperature: settings.minAllowedTemperature,
      maxTemperature: settings.maxAllowedTemperature,
    },
    { questionnairesAnswers: [{ answers }], tempMeasure1: measures.tempMeasure1, tempMeasure2: measures.tempMeasure2 },
  );
  const allowed = refusal === null;

  const id = existing?.id ?? body.id ?? uuidv7();
  const identifiers = existing
    ? { identifier: existing.identifier, public_identifier: existing.public_identifier, pin: existing.pin }
    : await freshCodes(ctx, timing.codes);
  const now = timing.occurredAt ?? new Date();
  const columns = {
    visitor_type: visitorType,
    person_id: body.personId,
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    phone: textValue(values, 'phone'),
    company_name: textValue(values, 'companyName') ?? textValue(values, 'contractorCompanyName'),
    host: textValue(values, 'host'),
    check_in_form: JSON.stringify(values),
    scheduled_duration: duration,
    checked_in_at: allowed ? now : null,
    // Checking back in after a check-out opens the visit again.
    ...(allowed
      ? { checked_out_at: null, exit_temp_measure1: null, exit_temp_measure2: null, exit_comments: null }
      : {}),
    allowed,
    refusal_reason: refusal,
    flagged,
    temp_measure1: measures.tempMeasure1,
    temp_measure2: measures.tempMeasure2,
    comments: body.comments,
    questionnaires_answers: JSON.stringify(stored),
    questionnaires_answered_at: answeredAt,
    consent_accepted: consentAccepted,
    email_me: emailMe,
    locale: channel.locale,
    source: channel.fromKiosk ? ('KIOSK' as const) : ('OWN_DEVICE' as const),
    device_id: body.deviceId,
  };

  const write = (db: ServerContext['db']) =>
    existing
      ? updateVisit(db, id, columns)
      : insertVisit(db, { id, tenant_id: building.tenant_id, building_id: building.id, ...identifiers, ...columns });
  const copy =
    allowed && emailMe
      ? checkInCopyMail(ctx, channel, { building, settings, to: emailMe, name: person.firstName, identifiers, at: now })
      : undefined;
  // One statement when there is no mail to write with it (no transaction round trips).
  const saved = copy
    ? await inTransaction(ctx, async (trx) => {
        const visit = await write(trx);
        await enqueueMail(trx, uuidv7(), copy);
        return visit;
      })
    : await write(ctx.db);

  const row = timing.withSummary === false ? undefined : { ...saved, building_name: building.name };
  return {
    status: 200,
    created: existing === undefined,
    body: {
      allowed,
      checkIn: allowed,
      meetingIdentifier: allowed ? identifiers.identifier : null,
      publicIdentifier: allowed ? identifiers.public_identifier : null,
      pin: allowed ? identifiers.pin : null,
      flagged,
      refusal,
      message: allowed ? settings.successFormText : settings.failureFormText,
      entryLogItem: row && allowed ? toVisitSummary(row, settings.timeZoneId) : null,
    },
  };
}

/** New codes for a visit: the kiosk's own when it made some and no other visit has them. */
/** The e-mail-me copy of a check-in: the code, the PIN and the visitor's check-out link. */
function checkInCopyMail(
  ctx: ServerContext,
  channel: CheckInChannel,
  visit: {
    building: { tenant_id: string; name: string };
    settings: { timeZoneId: string; senderEmail: string };
    to: string;
    name: string | null;
    identifiers: { identifier: string; public_identifier: string; pin: string };
    at: Date;
  },
) {
  const { identifiers } = visit;
  const link = `${(ctx.config.publicUrl ?? channel.origin).replace(/\/$/, '')}/checkOut/${identifiers.public_identifier}`;
  const t = (key: string, params: Record<string, string>) =>
    translate(channel.locale, `mail.checkInCopy.${key}`, params);
  const time = new Intl.DateTimeFormat(channel.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: visit.settings.timeZoneId,
  }).format(visit.at);
  const params = {
    building: visit.building.name,
    name: visit.name ?? '',
    time,
    identifier: identifiers.identifier,
    pin: identifiers.pin,
    link,
  };
  return {
    tenantId: visit.building.tenant_id,
    to: visit.to,
    locale: channel.locale,
    subject: t('subject', params),
    text: ['greeting', 'checkedIn', 'code', 'checkOut', 'closing'].map((key) => t(key, params)).join('\n\n'),
    replyTo: visit.settings.senderEmail.split(/[,;]/)[0]?.trim() || null,
  };
}

async function freshCodes(ctx: ServerContext, offered: VisitCodes | undefined) {
  const codes =
    offered && !(await visitCodesTaken(ctx.db, offered.identifier, offered.publicIdentifier))
      ? offered
      : newVisitCodes();
  return { identifier: codes.identifier, public_identifier: codes.publicIdentifier, pin: codes.pin };
}

function alreadyCheckedIn(locale: Locale): { status: number; body: CheckInResponse } {
  return {
    status: 208,
    body: {
      allowed: false,
      checkIn: false,
      meetingIdentifier: null,
      publicIdentifier: null,
      pin: null,
      flagged: false,
      refusal: null,
      message: translate(locale, 'errors.CHECKEDIN'),
      entryLogItem: null,
      errorCode: 'CHECKEDIN',
    },
  };
}

async function openVisit(ctx: ServerContext, publicIdentifier: string) {
  const visit = await findVisitByPublicIdentifier(ctx.db, publicIdentifier);
  if (!visit || !visit.checked_in_at || visit.checked_out_at) throw new AppError('CHECKOUT_VISIT_NOT_FOUND');
  return visit;
}

async function buildingSettingsById(ctx: ServerContext, buildingId: string) {
  const row = await ctx.db
    .selectFrom('buildings')
    .select(['settings', 'qr_code_key'])
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
  return { settings: { ...newBuildingSettings(), ...(row.settings ?? {}) }, qrCodeKey: row.qr_code_key };
}

export async function checkOutData(ctx: ServerContext, publicIdentifier: string) {
  const visit = await openVisit(ctx, publicIdentifier);
  const { settings } = await buildingSettingsById(ctx, visit.building_id);
  return {
    visit: toVisitSummary(visit, settings.timeZoneId),
    exitQuestionnaires: await linkedQuestionnaires(ctx.db, visit.building_id, 'EXIT', visit.visitor_type),
    checkOutTemperatureMeasuresEnabled: settings.checkOutTemperatureMeasuresEnabled,
    allowCheckOutManualTemperatureMeasure: settings.allowCheckOutManualTemperatureMeasure,
    commentsEnabled: settings.commentsEnabled,
    temperatureUnit: settings.temperatureMeasureUnit ?? 'CELSIUS',
    minTemperature: settings.minAllowedTemperature,
    maxTemperature: settings.maxAllowedTemperature,
  };
}

export async function checkOut(
  ctx: ServerContext,
  publicIdentifier: string,
  body: CheckOutBody,
  timing: CheckInTiming = {},
) {
  const visit = await openVisit(ctx, publicIdentifier);
  const { settings } = await buildingSettingsById(ctx, visit.building_id);
  const questionnaires = await linkedQuestionnaires(ctx.db, visit.building_id, 'EXIT', visit.visitor_type);
  const { stored } = answeredQuestionnaires(questionnaires, body.questionnairesAnswers);
  if (settings.checkOutTemperatureMeasuresEnabled && settings.allowCheckOutManualTemperatureMeasure) {
    checkTemperatures(true, body, settings);
  }
  const done = await checkOutVisit(ctx.db, visit.id, timing.occurredAt ?? null, {
    exit_temp_measure1: body.tempMeasure1,
    exit_temp_measure2: body.tempMeasure2,
    exit_comments: body.comments,
    exit_questionnaires_answers: JSON.stringify(stored),
  });
  if (!done) throw new AppError('CHECKOUT_VISIT_NOT_FOUND');
  const row = await findVisitById(ctx.db, visit.id);
  return { status: 'success' as const, visit: row ? toVisitSummary(row, settings.timeZoneId) : null };
}

/** Wrong PINs allowed for one visit code within the window, whatever the caller's address. */
const PIN_MAX_FAILURES = 5;
const PIN_FAILURE_WINDOW_MINUTES = 15;

/**
 * A visit by its code and PIN (and last name). Wrong PINs are counted per visit code: past
 * five within 15 minutes every try answers 429 PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED,
 * the right PIN included, until the window has passed (10,000 PINs cannot be walked).
 */
export async function searchMeeting(ctx: ServerContext, identifier: string, pin: string, lastName: string | undefined) {
  const code = identifier.toUpperCase();
  if ((await pinFailures(ctx.db, code)) >= PIN_MAX_FAILURES) {
    throw new AppError('PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED');
  }
  const visit = await findVisitByIdentifierAndPin(ctx.db, code, pin);
  if (!visit || (lastName !== undefined && (visit.last_name ?? '').toLowerCase() !== lastName.toLowerCase())) {
    await recordPinFailure(ctx.db, code, PIN_FAILURE_WINDOW_MINUTES);
    throw new AppError('CHECKOUT_VISIT_NOT_FOUND');
  }
  const { settings } = await buildingSettingsById(ctx, visit.building_id);
  return toVisitSummary(visit, settings.timeZoneId);
}

export async function buildingCheckOutData(ctx: ServerContext, qrCodeKey: string, channel: CheckInChannel) {
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null);
  const settings = settingsOf(building);
  return {
    fromKiosk: channel.fromKiosk,
    checkOutTemperatureMeasuresEnabled: settings.checkOutTemperatureMeasuresEnabled,
    qrCode: building.qr_code_key,
    buildingName: building.name,
  };
}

/**
 * Self check-out at a building by last name or the last 4 phone digits, on an enrolled kiosk
 * of the building only. Only what a person needs to recognise their own visit is answered
 * (first name and last initial), with a ticket that checks out that visit, from this kiosk,
 * for a few minutes: never the visit's public identifier.
 */
export async function selfCheckOutSearch(
  ctx: ServerContext,
  qrCodeKey: string,
  search: { lastName?: string | undefined; phoneLast4?: string | undefined },
  channel: CheckInChannel,
) {
  const { building, kiosk } = await kioskBuilding(ctx, qrCodeKey, channel);
  const rows = await findOpenVisitsAtBuilding(ctx.db, building.id, {
    ...(search.lastName ? { lastName: search.lastName } : {}),
    ...(search.phoneLast4 ? { phoneLast4: search.phoneLast4 } : {}),
  });
  return Promise.all(
    rows.map(async (row) => ({
      ticket: await issueTicket(ctx, row.id, kiosk.deviceId),
      visitId: row.id,
      firstName: row.first_name ?? '',
      lastInitial: (row.last_name ?? '').slice(0, 1).toUpperCase(),
      checkedInAt: new Date(row.checked_in_at ?? 0).toISOString(),
    })),
  );
}

/** The building of a kiosk call and the enrolled kiosk making it. */
async function kioskBuilding(ctx: ServerContext, qrCodeKey: string, channel: CheckInChannel) {
  const building = await findBuildingByKey(ctx.db, qrCodeKey);
  if (!building) throw new AppError('NOT_FOUND');
  return { building, kiosk: await enrolledKioskOf(ctx, building, { ...channel, fromKiosk: true }) };
}

/** The public identifier of the open visit a ticket names, for the kiosk it was issued to. */
async function ticketVisit(ctx: ServerContext, qrCodeKey: string, ticket: string, channel: CheckInChannel) {
  const { building, kiosk } = await kioskBuilding(ctx, qrCodeKey, channel);
  const visit = await findVisitById(ctx.db, await visitOfTicket(ctx, ticket, kiosk.deviceId));
  if (!visit || visit.building_id !== building.id) throw new AppError('CHECKOUT_VISIT_NOT_FOUND');
  return visit.public_identifier;
}

/** What the check-out form of a visit found by a kiosk's search needs. */
export async function ticketCheckOutData(
  ctx: ServerContext,
  qrCodeKey: string,
  ticket: string,
  channel: CheckInChannel,
) {
  return checkOutData(ctx, await ticketVisit(ctx, qrCodeKey, ticket, channel));
}

/** Checks out the visit a kiosk's search found, with its ticket. */
export async function ticketCheckOut(
  ctx: ServerContext,
  qrCodeKey: string,
  ticket: string,
  body: CheckOutBody,
  channel: CheckInChannel,
) {
  return checkOut(ctx, await ticketVisit(ctx, qrCodeKey, ticket, channel), body);
}

export async function visitForLink(ctx: ServerContext, qrCodeKey: string, identifier: string, channel: CheckInChannel) {
  // The visit's public identifier is the secret here: the mobile token does not apply.
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null, { ignoreMobileToken: true });
  const visit = await findVisitByPublicIdentifier(ctx.db, identifier);
  if (!visit || visit.building_id !== building.id) throw new AppError('CHECKIN_VISIT_NOT_FOUND');
  return { ...toVisitSummary(visit, settingsOf(building).timeZoneId), checkInForm: visit.check_in_form ?? null };
}

/** A camera of the building behind a check-in key, for the wizard's temperature step. */
async function buildingCamera(
  ctx: ServerContext,
  qrCodeKey: string,
  cameraId: string,
  channel: CheckInChannel,
  mt: string | null,
) {
  // A phone never reads the lobby's cameras: only an enrolled kiosk of the building.
  if (!channel.fromKiosk) throw new AppError('KIOSK_ENROLMENT_REQUIRED');
  const building = await buildingForChannel(ctx, qrCodeKey, channel, mt);
  const camera = (await activeCameras(ctx.db, building.id)).find((c) => c.id === cameraId);
  if (!camera) throw new AppError('NOT_FOUND');
  const connection = await cameraConnection(ctx.db, camera.id);
  return {
    allowLocal: ctx.config.cameraAllowLocalAddresses,
    ipAddress: connection.ip_address,
    authUser: connection.auth_user,
    authPassword: connection.auth_password,
    simulated: connection.simulated,
  };
}

export async function wizardCameraInfo(
  ctx: ServerContext,
  qrCodeKey: string,
  cameraId: string,
  channel: CheckInChannel,
  mt: string | null,
) {
  return readCameraInfo(await buildingCamera(ctx, qrCodeKey, cameraId, channel, mt));
}

export async function wizardCameraPicture(
  ctx: ServerContext,
  qrCodeKey: string,
  cameraId: string,
  channel: CheckInChannel,
  mt: string | null,
) {
  return readCameraPicture(await buildingCamera(ctx, qrCodeKey, cameraId, channel, mt));
}
