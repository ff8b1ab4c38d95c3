// Staff at the door (issue 13): check-in with the wizard (an expected visit, or a fast check-in),
// check-out, check in back, the questionnaires filled on a visitor's behalf, and the instant
// replacement check-in. The public check-in's and check-out's own services do the work, through a
// staff channel: the same rules re-check everything the screen sends (mandatory fields, answers,
// consent, temperatures by the building's settings; an alert answer or a temperature refuses).
// Each change is audited in its transaction.
import {
  type AnsweredQuestionnaire,
  type CheckInData,
  type Locale,
  type MeetingCheckInData,
  type VisitDetail,
  type WizardVisitorType,
  durationToMinutes,
  uuidv7,
  wizardTypeOfPerson,
} from '@vestibule/shared';
import type { z } from 'zod';
import type {
  checkInRequestSchema,
  checkOutRequestSchema,
  fastCheckInSchema,
  meetingAnswersSchema,
  staffCheckInSchema,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import type { CheckInChannel } from '../checkin/channel.ts';
import { type StaffColumns, linkedQuestionnaires } from '../checkin/checkin.repo.ts';
import { type CheckInOutcome, alreadyCheckedIn, checkIn, checkInData } from '../checkin/checkin.service.ts';
import { checkOutData, checkOutOpenVisit } from '../checkin/checkout.service.ts';
import { toVisitSummary } from '../checkin/visit.dto.ts';
import { answeredQuestionnaires } from '../checkin/visitRules.ts';
import { auditedVisit, stateOf, toMeetingDetail, zoneOf } from './meeting.dto.ts';
import { type MeetingRow, findTenantVisit, reopenVisit, updateVisitIf } from './meetings.repo.ts';
import { type MeetingActor, hostOf, refuseUnless } from './invitations.service.ts';
import { type MeetingCaller, settingsOfRow, visibleBuilding, visibleVisit } from './meetings.service.ts';

type CheckInBody = z.output<typeof checkInRequestSchema>;
type StaffCheckInBody = z.output<typeof staffCheckInSchema>;
type FastCheckInBody = z.output<typeof fastCheckInSchema>;
type AnswersBody = z.output<typeof meetingAnswersSchema>;
type CheckOutBody = z.output<typeof checkOutRequestSchema>;

/** The request as the check-in services see a staff member's: no kiosk, no mobile token. */
export function staffChannel(request: { locale: Locale; origin: string; clientIp: string }): CheckInChannel {
  return { fromKiosk: false, staff: true, credential: undefined, ...request };
}

/** The wizard's result as the public check-in takes it, for a building and a visit (or none). */
function checkInBodyOf(
  qrCodeKey: string,
  result: Omit<StaffCheckInBody, 'visitorType'> & { visitorType: CheckInBody['visitorType'] },
  visit: { id: string; personId: string | null },
): CheckInBody {
  return {
    qrCodeKey,
    visitorType: result.visitorType,
    id: visit.id,
    personId: visit.personId,
    passIdentifier: null,
    personTicket: null,
    replaceOldVisit: false,
    scheduledDuration: result.scheduledDuration,
    checkInForm: result.checkInForm,
    questionnairesAnswers: result.questionnairesAnswers,
    consentAccepted: result.consentAccepted,
    tempMeasure1: result.tempMeasure1,
    tempMeasure2: result.tempMeasure2,
    comments: result.comments,
    emailMeActive: result.emailMeActive,
    emailMeEmail: result.emailMeEmail,
    mt: null,
    deviceId: null,
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
  actor: MeetingActor,
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
export async function meetingCheckInData(
  ctx: ServerContext,
  caller: MeetingCaller,
  channel: CheckInChannel,
  id: string,
  now = new Date(),
): Promise<MeetingCheckInData> {
  const visit = await visibleVisit(ctx, caller, id);
  refuseUnless(visit, 'checkIn');
  const building = await visibleBuilding(ctx, caller, visit.building_id);
  const settings = settingsOfRow(building);
  const visitorType = wizardTypeOfPerson(visit.visitor_type);
  const wizard = await checkInData(ctx, building.qr_code_key, visitorType, channel, null);
  const timeExpired = toVisitSummary(visit, zoneOf(visit), now).status === 'EXPIRED';
  const answered = visit.questionnaires_answers.length > 0;
  const answersExpired =
    answered && !answersHold(visit.questionnaires_answered_at, settings.questionnairesValidityTimeout, now);
  const expired = timeExpired || answersExpired;
  return {
    status: expired ? 'expired' : 'allowed',
    visit: toMeetingDetail(visit, now),
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
  actor: MeetingActor,
  channel: CheckInChannel,
  id: string,
  body: StaffCheckInBody,
): Promise<CheckInOutcome> {
  const visit = await visibleVisit(ctx, actor, id);
  if (stateOf(visit) === 'IN') return alreadyCheckedIn(channel.locale);
  refuseUnless(visit, 'checkIn');
  const building = await visibleBuilding(ctx, actor, visit.building_id);
  const visitorType = body.visitorType ?? wizardTypeOfPerson(visit.visitor_type);
  const request = checkInBodyOf(
    building.qr_code_key,
    { ...body, visitorType },
    {
      id: visit.id,
      personId: visit.person_id,
    },
  );
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
 * What staff run a fast check-in's wizard with: a building of theirs (404 otherwise, as another
 * company's) and its wizard for one person type, built by the public check-in's own service so
 * the staff wizard and the kiosk's read the same form, questionnaires and settings.
 */
export async function buildingCheckInData(
  ctx: ServerContext,
  caller: MeetingCaller,
  channel: CheckInChannel,
  buildingId: string,
  visitorType: WizardVisitorType,
): Promise<CheckInData> {
  const building = await visibleBuilding(ctx, caller, buildingId);
  return checkInData(ctx, building.qr_code_key, visitorType, channel, null);
}

/** Fast check-in: a new visit checked in at once by staff (the visitor from the directory or typed). */
export async function fastCheckIn(
  ctx: ServerContext,
  actor: MeetingActor,
  channel: CheckInChannel,
  body: FastCheckInBody,
): Promise<CheckInOutcome> {
  const building = await visibleBuilding(ctx, actor, body.buildingId);
  const host = body.hostPersonId ? await hostOf(ctx, building, body.hostPersonId) : undefined;
  const id = uuidv7();
  // The host picked from the directory fills the form's host field when the form left it blank.
  const typedHost = body.checkInForm.host;
  const checkInForm =
    host && !(typeof typedHost === 'string' && typedHost.trim() !== '')
      ? { ...body.checkInForm, host: host.name }
      : body.checkInForm;
  const request = checkInBodyOf(building.qr_code_key, { ...body, checkInForm }, { id, personId: body.personId });
  const columns: StaffColumns = host ? { host: host.name, host_person_id: host.id } : {};
  return ctx.db.transaction().execute(async (trx) => {
    const outcome = await checkIn({ ...ctx, db: trx }, request, channel, { columns });
    await auditCheckIn(trx, actor, id, outcome);
    return outcome;
  });
}

/** What staff check an open visit out with: its exit questionnaires and the measures settings. */
export async function meetingCheckOutData(ctx: ServerContext, caller: MeetingCaller, id: string) {
  const visit = await visibleVisit(ctx, caller, id);
  refuseUnless(visit, 'checkOut');
  return checkOutData(ctx, visit.public_identifier);
}

/** The exit answers given earlier on the visitor's behalf, as a check-out posts them. */
function givenAnswers(stored: AnsweredQuestionnaire[]): CheckOutBody['questionnairesAnswers'] {
  return stored.map((q) => ({
    questionnaireId: q.questionnaireId,
    answers: Object.fromEntries(q.items.map((item) => [item.questionId, item.answer])),
  }));
}

/**
 * Staff check an open visit out (checkout_method STAFF): the exit form checked by the building's
 * rules; exit answers filled earlier stand when none are posted.
 */
export async function staffCheckOut(
  ctx: ServerContext,
  actor: MeetingActor,
  id: string,
  body: CheckOutBody,
): Promise<VisitDetail> {
  const visit = await visibleVisit(ctx, actor, id);
  refuseUnless(visit, 'checkOut');
  const answers =
    body.questionnairesAnswers.length === 0 && visit.exit_questionnaires_answers.length > 0
      ? givenAnswers(visit.exit_questionnaires_answers)
      : body.questionnairesAnswers;
  const after = await ctx.db.transaction().execute(async (trx) => {
    try {
      await checkOutOpenVisit(
        { ...ctx, db: trx },
        visit,
        { ...body, questionnairesAnswers: answers },
        { method: 'STAFF' },
      );
    } catch (error) {
      // Checked out (or undone) by someone else meanwhile: said by the state it is in now.
      if (error instanceof AppError && error.errorCode === 'CHECKOUT_VISIT_NOT_FOUND') {
        const now = await findTenantVisit(trx, actor.tenantId, id);
        if (!now) throw notFound();
        refuseUnless(now, 'checkOut');
      }
      throw error;
    }
    const row = await findTenantVisit(trx, actor.tenantId, id);
    if (!row) throw notFound();
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
      action: 'MEETING_CHECKED_OUT',
      entity: 'visit',
      entityId: id,
      after: { checkedOutAt: auditedVisit(row).checkedOutAt, checkoutMethod: row.checkout_method },
    });
    return row;
  });
  return toMeetingDetail(after);
}

/**
 * Check in back: the check-out undone, the visit open again; refused with CHECKEDIN (208) when the
 * same person is in on another visit of the building.
 */
export async function checkInBack(ctx: ServerContext, actor: MeetingActor, id: string): Promise<VisitDetail> {
  const visit = await visibleVisit(ctx, actor, id);
  refuseUnless(visit, 'checkInBack');
  const after = await ctx.db.transaction().execute(async (trx) => {
    if (!(await reopenVisit(trx, id))) {
      const now = await findTenantVisit(trx, actor.tenantId, id);
      if (!now) throw notFound();
      refuseUnless(now, 'checkInBack');
      throw new AppError('CHECKEDIN');
    }
    const row = await findTenantVisit(trx, actor.tenantId, id);
    if (!row) throw notFound();
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
      action: 'MEETING_CHECKED_IN_BACK',
      entity: 'visit',
      entityId: id,
      before: { checkedOutAt: auditedVisit(visit).checkedOutAt, checkoutMethod: visit.checkout_method },
      after: { checkedOutAt: null, checkoutMethod: null },
    });
    return row;
  });
  return toMeetingDetail(after);
}

/**
 * Answers given on the visitor's behalf, checked like the wizard's (every visible question,
 * values its type allows): the entry questionnaires before arrival, the exit ones before leaving.
 * The answers are the visit's; the audit log records that they were given, not what they are.
 */
export async function answerQuestionnaires(
  ctx: ServerContext,
  actor: MeetingActor,
  id: string,
  body: AnswersBody,
  kind: 'ENTRY' | 'EXIT',
): Promise<VisitDetail> {
  const visit = await visibleVisit(ctx, actor, id);
  refuseUnless(visit, kind === 'ENTRY' ? 'questionnaires' : 'exitQuestionnaires');
  const questionnaires = await linkedQuestionnaires(
    ctx.db,
    visit.building_id,
    kind,
    wizardTypeOfPerson(visit.visitor_type),
  );
  const { stored } = answeredQuestionnaires(questionnaires, body.questionnairesAnswers);
  const values =
    kind === 'ENTRY'
      ? { questionnaires_answers: JSON.stringify(stored), questionnaires_answered_at: new Date() }
      : { exit_questionnaires_answers: JSON.stringify(stored) };
  const after = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateVisitIf(trx, id, values, kind === 'ENTRY' ? 'invited' : 'open');
    const row = await findTenantVisit(trx, actor.tenantId, id);
    if (!row) throw notFound();
    refuseUnless(row, kind === 'ENTRY' ? 'questionnaires' : 'exitQuestionnaires');
    if (!updated) throw notFound();
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
      action: kind === 'ENTRY' ? 'MEETING_QUESTIONNAIRES_ANSWERED' : 'MEETING_EXIT_QUESTIONNAIRES_ANSWERED',
      entity: 'visit',
      entityId: id,
      after: { questionnaires: stored.map((q) => q.name) },
    });
    return row;
  });
  return toMeetingDetail(after);
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
 * the screen starts a fast check-in with the wizard instead. An open visit is checked out (STAFF)
 * in the same transaction; when the new check-in does not let the person in (already in on another
 * visit: 208; refused), nothing is changed.
 */
export async function instantReplacement(
  ctx: ServerContext,
  actor: MeetingActor,
  channel: CheckInChannel,
  meetingId: string,
  now = new Date(),
): Promise<CheckInOutcome> {
  const visit: MeetingRow = await visibleVisit(ctx, actor, meetingId);
  refuseUnless(visit, 'replace');
  const building = await visibleBuilding(ctx, actor, visit.building_id);
  const settings = settingsOfRow(building);
  const visitorType = wizardTypeOfPerson(visit.visitor_type);
  const questionnaires = await linkedQuestionnaires(ctx.db, building.id, 'ENTRY', visitorType);
  const given = givenAnswers(visit.questionnaires_answers);
  if (questionnaires.length > 0) {
    if (!answersHold(visit.questionnaires_answered_at, settings.questionnairesValidityTimeout, now))
      throw new AppError('CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID');
    try {
      answeredQuestionnaires(questionnaires, given);
    } catch (error) {
      if (error instanceof AppError) throw new AppError('CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID');
      throw error;
    }
  }
  const id = uuidv7();
  const request = checkInBodyOf(
    building.qr_code_key,
    {
      visitorType,
      scheduledDuration: visit.scheduled_duration,
      checkInForm: visit.check_in_form,
      questionnairesAnswers: given,
      consentAccepted: visit.consent_accepted,
      tempMeasure1: visit.temp_measure1,
      tempMeasure2: visit.temp_measure2,
      comments: null,
      emailMeActive: false,
      emailMeEmail: null,
    },
    { id, personId: visit.person_id },
  );
  const columns: StaffColumns = {
    visitor_type: visit.visitor_type,
    host: visit.host,
    host_person_id: visit.host_person_id,
    locale: visit.locale,
  };
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
