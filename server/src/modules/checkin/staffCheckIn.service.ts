// The check-in's staff channel: staff at the desk check in an expected visit with the wizard, a
// walk-in at once (the fast check-in), or the person of a visit again (the instant replacement).
// The public check-in's own service does the work through a staff channel: the same rules
// re-check everything the screen sends (mandatory fields, answers, consent, temperatures by the
// building's settings; an alert answer or a temperature refuses). Each change is audited in its
// transaction. Check-out, check in back: staffCheckOut.service.ts; answers given on the visitor's
// behalf: staffAnswers.service.ts.
import {
  type BuildingSettings,
  type CheckInData,
  type DeskCheckInData,
  type ReturningVisitor,
  type Locale,
  type VisitCheckInData,
  type WizardAnswers,
  type WizardQuestionnaire,
  type WizardVisitorType,
  durationToMinutes,
  uuidv7,
  wizardAnswersOf,
  wizardTypeOfPerson,
} from '@vestibule/shared';
import type { z } from 'zod';
import type { checkInRequestSchema, fastCheckInSchema, staffCheckInSchema } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import { settingsOf } from '../buildings/buildingSettings.ts';
import { linkedQuestionnaires } from '../questionnaires/linkedQuestionnaires.repo.ts';
import { refuseUnless } from '../visits/invitations.service.ts';
import { auditedVisit, stateOf, toVisitDetail, toVisitSummary, zoneOf } from '../visits/visit.dto.ts';
import type { VisitActor, VisitCaller } from '../visits/visitCaller.ts';
import { type StaffColumns, type TenantVisitRow, findTenantVisit, updateVisitIf } from '../visits/visits.repo.ts';
import { visibleBuilding, visibleVisit } from '../visits/visits.service.ts';
import type { CheckInChannel } from './channel.ts';
import { checkInData } from './checkInLink.service.ts';
import { type CheckInOutcome, alreadyCheckedIn, checkIn } from './checkin.service.ts';
import { deskWithoutQuestions } from './entryJudgement.ts';
import { recentArrivals } from './returningVisitors.repo.ts';
import { answeredQuestionnaires, postedAnswers } from './visitRules.ts';

type CheckInBody = z.output<typeof checkInRequestSchema>;
type StaffCheckInBody = z.output<typeof staffCheckInSchema>;
type FastCheckInBody = z.output<typeof fastCheckInSchema>;

/** The request as the check-in services see a staff member's: no kiosk, no mobile token. */
export function staffChannel(request: { locale: Locale; origin: string; clientIp: string }): CheckInChannel {
  return { fromKiosk: false, staff: true, credential: undefined, ...request };
}

/** The wizard's result as the public check-in takes it, for a building and a visit (or none). */
function checkInBodyOf(
  qrCodeKey: string,
  visitorType: CheckInBody['visitorType'],
  result: WizardAnswers,
  visit: { id: string; personId: string | null },
): CheckInBody {
  return {
    qrCodeKey,
    visitorType,
    id: visit.id,
    personId: visit.personId,
    passIdentifier: null,
    personTicket: null,
    publicIdentifier: null,
    replaceOldVisit: false,
    ...wizardAnswersOf(result),
    mt: null,
    deviceId: null,
    // The desk takes no photo (docs/check-in.md, "The visitor's photo").
    photo: null,
    // Staff vouch for the visitor: the desk records no signature and none is required.
    signatures: [],
    // The notice in force is recorded (docs/privacy.md, "The privacy notice").
    privacyNoticeVersion: null,
  };
}

/** Whether answers given at `answeredAt` still hold at `now` by the building's questionnaires validity. */
function answersHold(answeredAt: Date | string | null, validity: string, now: Date): boolean {
  if (answeredAt === null) return false;
  const minutes = durationToMinutes(validity) ?? 0;
  return now.getTime() - new Date(answeredAt).getTime() <= minutes * 60_000;
}

/** Audits a check-in's outcome (the visit in, or refused at the door) in its transaction. */
async function auditCheckIn(
  trx: ServerContext['db'],
  actor: VisitActor,
  visitId: string,
  outcome: CheckInOutcome,
  extra: Record<string, unknown> = {},
) {
  if (outcome.status !== 200) return;
  const row = await findTenantVisit(trx, actor.tenantId, visitId);
  if (!row) return;
  await audit(trx, actor.audit, {
    tenantId: actor.tenantId,
    action: outcome.body.allowed ? 'MEETING_CHECKED_IN' : 'MEETING_CHECK_IN_REFUSED',
    entity: 'visit',
    entityId: visitId,
    after: { ...auditedVisit(row), refusal: row.refusal_reason, ...extra },
  });
}

/**
 * What staff check an expected visit in with: the wizard's input for its building and person
 * type, the visit's prefill, and `expired` when its time has passed or its earlier answers no
 * longer hold (the wizard then asks them again).
 */
export async function visitCheckInData(
  ctx: ServerContext,
  caller: VisitCaller,
  channel: CheckInChannel,
  id: string,
  now = new Date(),
): Promise<VisitCheckInData> {
  const visit = await visibleVisit(ctx, caller, id);
  refuseUnless(visit, 'checkIn');
  const building = await visibleBuilding(ctx, caller, visit.building_id);
  const settings = settingsOf(building);
  const visitorType = wizardTypeOfPerson(visit.visitor_type);
  const wizard = deskData(await checkInData(ctx, building.qr_code_key, visitorType, channel, null), building);
  const timeExpired = toVisitSummary(visit, zoneOf(visit), now).status === 'EXPIRED';
  const answered = visit.questionnaires_answers.length > 0;
  const answersExpired =
    answered && !answersHold(visit.questionnaires_answered_at, settings.questionnairesValidityTimeout, now);
  const expired = timeExpired || answersExpired;
  return {
    status: expired ? 'expired' : 'allowed',
    visit: toVisitDetail(visit, now),
    wizard,
    prefill: {
      visitorType,
      checkInForm: visit.check_in_form,
      questionnairesAnswers: expired ? [] : visit.questionnaires_answers,
      scheduledDuration: visit.scheduled_duration,
    },
  };
}

/** Staff check an expected visit in with the wizard's result (208 CHECKEDIN when already in). */
export async function staffCheckIn(
  ctx: ServerContext,
  actor: VisitActor,
  channel: CheckInChannel,
  id: string,
  body: StaffCheckInBody,
): Promise<CheckInOutcome> {
  const visit = await visibleVisit(ctx, actor, id);
  if (stateOf(visit) === 'IN') return alreadyCheckedIn(channel.locale);
  refuseUnless(visit, 'checkIn');
  const building = await visibleBuilding(ctx, actor, visit.building_id);
  const visitorType = body.visitorType ?? wizardTypeOfPerson(visit.visitor_type);
  const request = checkInBodyOf(building.qr_code_key, visitorType, body, { id: visit.id, personId: visit.person_id });
  const columns: StaffColumns = {
    // The visit keeps its own type (a resident checks in with the visitors' form) unless staff chose another.
    visitor_type: body.visitorType ?? visit.visitor_type,
    locale: visit.locale,
  };
  return ctx.db.transaction().execute(async (trx) => {
    const outcome = await checkIn({ ...ctx, db: trx }, request, channel, { columns });
    await auditCheckIn(trx, actor, visit.id, outcome);
    return outcome;
  });
}

/**
 * What the desk checks someone in with: a building of theirs (404 otherwise, as another
 * company's) and its check-in for one person type, built by the public check-in's own service so
 * the desk and the kiosk read the same form, questionnaires and settings, with whether the
 * building asks the questionnaires at the desk.
 */
export async function buildingCheckInData(
  ctx: ServerContext,
  caller: VisitCaller,
  channel: CheckInChannel,
  buildingId: string,
  visitorType: WizardVisitorType,
): Promise<DeskCheckInData> {
  const building = await visibleBuilding(ctx, caller, buildingId);
  return deskData(await checkInData(ctx, building.qr_code_key, visitorType, channel, null), building);
}

/** The building's check-in as the desk runs it: with whether it asks the questionnaires there. */
function deskData(data: CheckInData, building: { settings: BuildingSettings | null }): DeskCheckInData {
  return { ...data, questionnairesOnStaffCheckIn: settingsOf(building).questionnairesOnStaffCheckIn };
}

/** How far back the desk's search of returning visitors looks. */
const RETURNING_DAYS = 365;
/** Check-ins read to find that many people (several may be the same person's). */
const RETURNING_READ = 100;

/**
 * Who checked in at the building before (the last year), each person once, as their latest visit
 * says, newest first: the desk finds a returning visitor by the first letters of a name, an
 * e-mail or a company, and checks them in again from that visit. A person is the same by their
 * directory record, else their e-mail, else their names.
 */
export async function returningVisitors(
  ctx: ServerContext,
  caller: VisitCaller,
  buildingId: string,
  search: string | undefined,
  limit = 8,
  now = new Date(),
): Promise<{ docs: ReturningVisitor[] }> {
  const building = await visibleBuilding(ctx, caller, buildingId);
  const since = new Date(now.getTime() - RETURNING_DAYS * 24 * 3_600_000);
  const rows = await recentArrivals(ctx.db, building, search, since, RETURNING_READ);
  const seen = new Set<string>();
  const docs: ReturningVisitor[] = [];
  for (const row of rows) {
    const key =
      row.person_id ??
      row.email?.toLowerCase() ??
      `${(row.first_name ?? '').toLowerCase()} ${(row.last_name ?? '').toLowerCase()}`;
    if (seen.has(key) || key.trim() === '') continue;
    seen.add(key);
    docs.push({
      visitId: row.id,
      personId: row.person_id,
      visitorType: row.visitor_type,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      companyName: row.company_name,
      host: row.host,
      hostPersonId: row.host_person_id,
      hostUserId: row.host_user_id,
      checkInForm: row.check_in_form,
      lastCheckedInAt: new Date(row.checked_in_at!).toISOString(),
      inside: row.checked_out_at === null,
    });
    if (docs.length === limit) break;
  }
  return { docs };
}

/** Fast check-in: a new visit checked in at once by staff (the visitor from the directory or typed). */
export async function fastCheckIn(
  ctx: ServerContext,
  actor: VisitActor,
  channel: CheckInChannel,
  body: FastCheckInBody,
): Promise<CheckInOutcome> {
  const building = await visibleBuilding(ctx, actor, body.buildingId);
  const id = uuidv7();
  // The host picked (a person or a user of the building) is checked and named by the check-in itself.
  const request = checkInBodyOf(building.qr_code_key, body.visitorType, body, { id, personId: body.personId });
  return ctx.db.transaction().execute(async (trx) => {
    const outcome = await checkIn({ ...ctx, db: trx }, request, channel);
    await auditCheckIn(trx, actor, id, outcome);
    return outcome;
  });
}

/**
 * Whether a visit's answers still hold for a new check-in: given within the building's
 * questionnaires validity, and complete for today's questionnaires.
 */
function earlierAnswersHold(
  questionnaires: WizardQuestionnaire[],
  given: ReturnType<typeof postedAnswers>,
  visit: TenantVisitRow,
  settings: BuildingSettings,
  now: Date,
): boolean {
  if (!answersHold(visit.questionnaires_answered_at, settings.questionnairesValidityTimeout, now)) return false;
  try {
    answeredQuestionnaires(questionnaires, given);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** A form with the visit's host where it holds none (a visit made by an invitation or staff keeps it beside the form). */
function withVisitHost(form: Record<string, string | boolean>, host: string | null): Record<string, string | boolean> {
  const typed = form.host;
  return host && !(typeof typed === 'string' && typed.trim() !== '') ? { ...form, host } : form;
}

/** Thrown to roll a replacement back when its check-in did not let the person in. */
class NotReplaced extends Error {
  readonly outcome: CheckInOutcome;
  constructor(outcome: CheckInOutcome) {
    super('not replaced');
    this.outcome = outcome;
  }
}

/**
 * Instant replacement check-in: the person of a visit (in or out) checked in again at once as a
 * new visit, with that visit's form, answers, consent and measures, judged again by today's
 * rules. The answers must still hold (the building's questionnaires validity; questionnaires
 * changed since: they no longer do): 422 CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID, and
 * the screen asks them with the desk's check-in instead; at a desk that does not ask the
 * questionnaires, the person is checked in without them. An open visit is checked out (STAFF)
 * in the same transaction; when the new check-in does not let the person in (already in on another
 * visit: 208; refused), nothing is changed.
 */
export async function instantReplacement(
  ctx: ServerContext,
  actor: VisitActor,
  channel: CheckInChannel,
  visitId: string,
  now = new Date(),
): Promise<CheckInOutcome> {
  const visit: TenantVisitRow = await visibleVisit(ctx, actor, visitId);
  refuseUnless(visit, 'replace');
  const building = await visibleBuilding(ctx, actor, visit.building_id);
  const settings = settingsOf(building);
  const visitorType = wizardTypeOfPerson(visit.visitor_type);
  const questionnaires = await linkedQuestionnaires(ctx.db, building.id, 'ENTRY', visitorType);
  let given = postedAnswers(visit.questionnaires_answers);
  if (questionnaires.length > 0 && !earlierAnswersHold(questionnaires, given, visit, settings, now)) {
    // A desk that does not ask the questionnaires checks the person in without them.
    if (!deskWithoutQuestions({ channel, settings }))
      throw new AppError('CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID');
    given = [];
  }
  const id = uuidv7();
  const request = checkInBodyOf(
    building.qr_code_key,
    visitorType,
    {
      scheduledDuration: visit.scheduled_duration,
      checkInForm: withVisitHost(visit.check_in_form, visit.host),
      questionnairesAnswers: given,
      consentAccepted: visit.consent_accepted,
      tempMeasure1: visit.temp_measure1,
      tempMeasure2: visit.temp_measure2,
      comments: null,
      emailMeActive: false,
      emailMeEmail: null,
      // The same host, linked again: checked against who can host the building today.
      hostPersonId: visit.host_person_id,
      hostUserId: visit.host_user_id,
    },
    { id, personId: visit.person_id },
  );
  const columns: StaffColumns = { visitor_type: visit.visitor_type, locale: visit.locale };
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const wasOpen = stateOf(visit) === 'IN';
      if (wasOpen && !(await updateVisitIf(trx, visit.id, { checked_out_at: now, checkout_method: 'STAFF' }, 'open'))) {
        const current = await findTenantVisit(trx, actor.tenantId, visit.id);
        if (!current) throw notFound();
        refuseUnless(current, 'replace');
      }
      const outcome = await checkIn({ ...ctx, db: trx }, request, channel, { columns, occurredAt: now });
      if (outcome.status !== 200 || !outcome.body.allowed) throw new NotReplaced(outcome);
      await audit(trx, actor.audit, {
        tenantId: actor.tenantId,
        action: 'MEETING_REPLACED',
        entity: 'visit',
        entityId: visit.id,
        after: { replacedBy: id, checkedOut: wasOpen },
      });
      await auditCheckIn(trx, actor, id, outcome, { replaces: visit.id });
      return outcome;
    });
  } catch (error) {
    if (error instanceof NotReplaced) return error.outcome;
    throw error;
  }
}
