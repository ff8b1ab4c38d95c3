// Checking in: the building of a link, the wizard's input, and the check-in itself.
import {
  type AnsweredQuestionnaire,
  type CheckInBuilding,
  type PassAtDoor,
  type VisitOfLink,
  type CheckInData,
  type CheckInResponse,
  type Locale,
  type VisitCodes,
  type WizardVisitorType,
  entryDecision,
  mergeCheckBack,
  durationError,
  durationToMinutes,
  enabledFields,
  fieldError,
  newVisitCodes,
  splitDuration,
  uuidv7,
  wizardVisitorTypes,
} from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { z } from 'zod';
import type { checkInRequestSchema } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../mail/mail.repo.ts';
import {
  activeCameras,
  type StaffColumns,
  type VisitRow,
  findBuildingByKey,
  personIsIn,
  findVisitById,
  findVisitByPublicIdentifier,
  insertVisitIfCurrent,
  linkedQuestionnaires,
  updateVisit,
  visitCodesTaken,
} from './checkin.repo.ts';
import { toVisitSummary } from './visit.dto.ts';
import { type CheckInChannel, buildingForChannel, checkChannel, formOf, settingsOf } from './channel.ts';
import {
  type DoorPersonRow,
  durationOf,
  earlierAnswers,
  passAtDoor,
  provesPerson,
  verifiedPerson,
  withPersonRecord,
} from './door.ts';
import { checkInCopyMail } from './checkinMail.ts';
import { answeredQuestionnaires, checkOutSettings, checkTemperatures, textValue } from './visitRules.ts';

type CheckInBody = z.output<typeof checkInRequestSchema>;

/**
 * The building of a link as this channel may see it. A phone without the building's current
 * mobile token is let in when `proof` (a pass identifier or a PIN identification's ticket) names
 * an active person of the building: a personal link carries no token (issue 12).
 */
async function buildingOfLink(
  ctx: ServerContext,
  qrCodeKey: string,
  channel: CheckInChannel,
  mt: string | null,
  proof: string | undefined,
) {
  if (!proof) return buildingForChannel(ctx, qrCodeKey, channel, mt);
  const building = await findBuildingByKey(ctx.db, qrCodeKey);
  const tokenMissing =
    building !== undefined && !channel.fromKiosk && building.mobile_token && mt !== building.mobile_token;
  const ignoreMobileToken = tokenMissing ? await provesPerson(ctx, building, proof) : false;
  return checkChannel(ctx, building, channel, mt, { ignoreMobileToken });
}

export async function checkInBuilding(
  ctx: ServerContext,
  qrCodeKey: string,
  channel: CheckInChannel,
  mt: string | null,
  proof?: string,
): Promise<CheckInBuilding> {
  const building = await buildingOfLink(ctx, qrCodeKey, channel, mt, proof);
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
  proof?: string,
): Promise<CheckInData> {
  const building = await buildingOfLink(ctx, qrCodeKey, channel, mt, proof);
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
    ...checkOutSettings(settings),
    cameras: { ENTRY: camerasAt('ENTRY'), EXIT: camerasAt('EXIT') },
    successFormText: settings.successFormText,
    failureFormText: settings.failureFormText,
  };
}

/** When the check-in happened: now online, or the kiosk's clock for a synced offline check-in. */
export interface CheckInTiming {
  occurredAt?: Date;
  /** Whether the answer needs the visit's summary (the online call's entryLogItem). */
  withSummary?: boolean;
  /** The codes a kiosk gave the person when it checked them in offline (kept unless taken). */
  codes?: VisitCodes;
  /** What staff set besides the wizard's result (issue 13: the host of the directory, the visit's language). */
  columns?: StaffColumns;
}

export type CheckInOutcome = { status: number; body: CheckInResponse; created?: boolean };

/** Runs `work` in a transaction, or in the caller's when `ctx.db` already is one (kiosk sync). */
function inTransaction<T>(ctx: ServerContext, work: (db: ServerContext['db']) => Promise<T>): Promise<T> {
  return ctx.db.isTransaction ? work(ctx.db) : ctx.db.transaction().execute(work);
}

/** Attempts at a new visit whose building changed meanwhile; the last one writes without the version check. */
const ATTEMPTS = 3;

export async function checkIn(
  ctx: ServerContext,
  body: CheckInBody,
  channel: CheckInChannel,
  timing: CheckInTiming = {},
): Promise<CheckInOutcome> {
  const existing = body.id ? await findVisitById(ctx.db, body.id) : undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await attemptCheckIn(ctx, body, channel, timing, existing, attempt);
      if (outcome) return outcome;
    } catch (error) {
      // A refusal judged from memory stands only when the building has not changed since.
      const judgedFromMemory = !existing && attempt < ATTEMPTS && error instanceof AppError;
      if (!judgedFromMemory || !(await ctx.checkInConfigs.isStale(ctx.db, body.qrCodeKey))) throw error;
      ctx.checkInConfigs.drop(body.qrCodeKey);
    }
  }
}

/**
 * One attempt: undefined when a new visit was judged by a building configuration that changed
 * before it was written (nothing written; the next attempt reads the building again).
 */
async function attemptCheckIn(
  ctx: ServerContext,
  body: CheckInBody,
  channel: CheckInChannel,
  timing: CheckInTiming,
  existing: VisitRow | undefined,
  attempt: number,
): Promise<CheckInOutcome | undefined> {
  // A new visit is judged by the building as kept in memory (the write checks it is current);
  // checking back into a visit reads it from the database.
  const configs = existing ? undefined : ctx.checkInConfigs;
  // A person's proof stands for the link's mobile token (it is checked below, or refused).
  const proven =
    body.personId !== null && (channel.staff === true || body.passIdentifier !== null || body.personTicket !== null);
  const building = await (
    configs ? configs.building(ctx.db, body.qrCodeKey) : findBuildingByKey(ctx.db, body.qrCodeKey)
  ).then((row) => checkChannel(ctx, row, channel, body.mt, { ignoreMobileToken: proven }));
  const settings = settingsOf(building);
  const visitorType = body.visitorType;
  const form = formOf(building, visitorType);
  const at = timing.occurredAt ?? new Date();

  if (existing && existing.building_id !== building.id) throw new AppError('CHECKIN_VISIT_NOT_FOUND');
  // A person of the directory (issue 12): checked again at the entry's time. Nothing is read for
  // a check-in without one.
  const known: DoorPersonRow | undefined =
    body.personId === null
      ? undefined
      : await verifiedPerson(ctx, building, { ...body, personId: body.personId, trusted: channel.staff === true }, at);
  // The person's form: enabled fields only, each checked by the rule its settings derive.
  // Checking back in merges with what is stored (shared rule): blanks never erase stored values.
  const merged = existing ? mergeCheckBack(form, existing.check_in_form, body.checkInForm) : body.checkInForm;
  const submitted = known ? withPersonRecord(form, merged, known) : merged;
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
    personId: known?.id ?? existing?.person_id ?? null,
    email: textValue(values, 'email'),
    firstName: textValue(values, 'firstName'),
    lastName: textValue(values, 'lastName'),
  };
  // A new visit's "already in" check is part of its insert; a visit checked into again is checked here.
  if (existing?.checked_in_at && !existing.checked_out_at) return alreadyCheckedIn(channel.locale);
  if (existing && !existing.checked_in_at && (await personIsIn(ctx.db, building.id, person)))
    return alreadyCheckedIn(channel.locale);

  const questionnaires = await (configs
    ? configs.entryQuestionnaires(ctx.db, building, visitorType)
    : linkedQuestionnaires(ctx.db, building.id, 'ENTRY', visitorType));
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
    const earlier =
      known && !existing && questionnaires.length > 0 && body.questionnairesAnswers.every((q) => isEmpty(q.answers))
        ? await earlierAnswers(ctx, building, known, at)
        : undefined;
    if (earlier) {
      // A person's answers from their latest entry, while they hold: judged again by today's questionnaires.
      answeredAt = earlier.answeredAt;
      const given = earlier.answers.map((q) => ({
        questionnaireId: q.questionnaireId,
        answers: Object.fromEntries(q.items.map((item) => [item.questionId, item.answer])),
      }));
      try {
        ({ stored, flat: answers } = answeredQuestionnaires(questionnaires, given));
      } catch (error) {
        if (error instanceof AppError) throw new AppError('CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID');
        throw error;
      }
    } else {
      ({ stored, flat: answers } = answeredQuestionnaires(questionnaires, body.questionnairesAnswers));
    }
  }

  // Checking back into an existing visit keeps the consent and measures it already has.
  const consentAccepted = body.consentAccepted || (existing?.consent_accepted ?? false);
  if (settings.consentClauseEnabled && !consentAccepted) throw new AppError('MISSING', { field: 'consentAccepted' });
  const measures = {
    tempMeasure1: body.tempMeasure1 ?? existing?.temp_measure1 ?? null,
    tempMeasure2: body.tempMeasure2 ?? existing?.temp_measure2 ?? null,
  };
  const duration =
    body.scheduledDuration ??
    existing?.scheduled_duration ??
    (known ? durationOf(known) : null) ??
    settings.defaultMeetingDuration;
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
  const now = at;
  const columns = {
    // A linked visit keeps the person's own type (a resident checks in with the visitors' form).
    visitor_type: known?.visitor_type ?? visitorType,
    person_id: person.personId,
    // A visit checked into again keeps what it holds where the form leaves a value out (an
    // invitation's visitor and host when the form has no such field).
    first_name: person.firstName ?? existing?.first_name ?? null,
    last_name: person.lastName ?? existing?.last_name ?? null,
    email: person.email ?? existing?.email ?? null,
    phone: textValue(values, 'phone') ?? existing?.phone ?? null,
    company_name:
      textValue(values, 'companyName') ?? textValue(values, 'contractorCompanyName') ?? existing?.company_name ?? null,
    host: textValue(values, 'host') ?? existing?.host ?? null,
    check_in_form: JSON.stringify(values),
    scheduled_duration: duration,
    checked_in_at: allowed ? now : null,
    // Checking back in after a check-out opens the visit again.
    ...(allowed
      ? {
          checked_out_at: null,
          checkout_method: null,
          exit_temp_measure1: null,
          exit_temp_measure2: null,
          exit_comments: null,
        }
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
    source: channel.staff ? ('STAFF' as const) : channel.fromKiosk ? ('KIOSK' as const) : ('OWN_DEVICE' as const),
    device_id: body.deviceId,
    ...timing.columns,
  };

  const write = (db: ServerContext['db']) =>
    existing
      ? updateVisit(db, id, columns)
      : insertVisitIfCurrent(
          db,
          { id, tenant_id: building.tenant_id, building_id: building.id, ...identifiers, ...columns },
          { configVersion: attempt < ATTEMPTS ? building.config_version : null, person },
        );
  const copy =
    allowed && emailMe
      ? checkInCopyMail(ctx, channel, { building, settings, to: emailMe, name: person.firstName, identifiers, at: now })
      : undefined;
  // One statement when there is no mail to write with it (no transaction round trips).
  const saved = copy
    ? await inTransaction(ctx, async (trx) => {
        const visit = await write(trx);
        if (visit) await enqueueMail(trx, uuidv7(), copy);
        return visit;
      })
    : await write(ctx.db);
  if (!saved) {
    // Refused: the person is already in, or the building changed since it was read.
    if (await personIsIn(ctx.db, building.id, person)) return alreadyCheckedIn(channel.locale);
    ctx.checkInConfigs.drop(body.qrCodeKey);
    return undefined;
  }

  const row =
    timing.withSummary === false
      ? undefined
      : { ...saved, building_name: building.name, time_zone: settings.timeZoneId };
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

const isEmpty = (answers: Record<string, string>) => Object.keys(answers).length === 0;

/** New codes for a visit: the kiosk's own when it made some and no other visit has them. */
async function freshCodes(ctx: ServerContext, offered: VisitCodes | undefined) {
  const codes =
    offered && !(await visitCodesTaken(ctx.db, offered.identifier, offered.publicIdentifier))
      ? offered
      : newVisitCodes();
  return { identifier: codes.identifier, public_identifier: codes.publicIdentifier, pin: codes.pin };
}

export function alreadyCheckedIn(locale: Locale): CheckInOutcome {
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

export async function visitForLink(
  ctx: ServerContext,
  qrCodeKey: string,
  identifier: string,
  channel: CheckInChannel,
): Promise<VisitOfLink> {
  const target = await linkTarget(ctx, qrCodeKey, identifier, channel, { visitsOnly: true });
  if (target.kind !== 'visit') throw new AppError('CHECKIN_VISIT_NOT_FOUND');
  return target;
}

/**
 * What a link's identifier names at the building: a visit by its public identifier, else a
 * person by their current pass (issue 12; deactivated or outside their validity: refused). A
 * replaced pass, and a visit or pass of another building, is not found.
 */
export async function linkTarget(
  ctx: ServerContext,
  qrCodeKey: string,
  identifier: string,
  channel: CheckInChannel,
  options: { visitsOnly?: boolean } = {},
): Promise<VisitOfLink | PassAtDoor> {
  // The visit's public identifier (or the pass) is the secret here: the mobile token does not apply.
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null, { ignoreMobileToken: true });
  const visit = await findVisitByPublicIdentifier(ctx.db, identifier);
  if (visit && visit.building_id === building.id) {
    const summary = toVisitSummary(visit, settingsOf(building).timeZoneId);
    return { kind: 'visit', ...summary, checkInForm: visit.check_in_form ?? null };
  }
  const pass = visit || options.visitsOnly ? undefined : await passAtDoor(ctx, building, identifier, new Date());
  if (!pass) throw new AppError('CHECKIN_VISIT_NOT_FOUND');
  return pass;
}
