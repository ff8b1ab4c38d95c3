// The visitor's own visit pages: cancel, make longer (postpone the check-out) and
// move to another time, by the visit's public identifier. Each change is one guarded statement;
// when it writes nothing (a check-in, a staff action or another tab came first), the visit is
// read again and the refusal says why.
import {
  type ErrorCode,
  type VisitState,
  type PostponableVisit,
  type PublicVisit,
  VISIT_SCHEDULE_MAX_DAYS,
  durationToMinutes,
  expectedEnd,
  visitState,
  newBuildingSettings,
  visitDurationChoices,
  visitStatus,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  type VisitWithBuilding,
  cancelIfNotBegun,
  findVisitWithBuilding,
  prolongIfUnchanged,
  rescheduleIfNotBegun,
} from '../visits/visitorChanges.repo.ts';
import { statusFactsOf } from '../visits/visit.dto.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';

type Page = 'cancel' | 'postpone' | 'reschedule';

/** The not-found code of each page (reschedule shares cancel's: docs/errors.md). */
const notFoundCode = {
  cancel: 'CANCEL_VISIT_NOT_FOUND',
  postpone: 'POSTPONE_CHECKOUT_VISIT_NOT_FOUND',
  reschedule: 'CANCEL_VISIT_NOT_FOUND',
} as const satisfies Record<Page, ErrorCode>;

/**
 * Why a page's change does not apply to a visit in this state (null: it does). Cancel and
 * reschedule need a visit not yet begun; a longer stay, one not yet over. A visit refused at the
 * door has no visitor's page.
 */
export function pageRefusal(state: VisitState, page: Page): ErrorCode | null {
  switch (state) {
    case 'REFUSED':
      return notFoundCode[page];
    case 'CANCELLED':
      return 'MEETING_CANCELLED';
    case 'INVITED':
      return null;
    case 'IN':
      return page === 'postpone' ? null : 'MEETING_ALREADY_STARTED';
    case 'OUT':
      return page === 'postpone' ? 'VISIT_ALREADY_CHECKED_OUT' : 'MEETING_ALREADY_STARTED';
  }
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function timesOf(visit: VisitWithBuilding) {
  return statusFactsOf(visit);
}

function settingsOf(visit: VisitWithBuilding) {
  return { ...newBuildingSettings(), ...(visit.settings ?? {}) };
}

function toPublicVisit(visit: VisitWithBuilding, now: Date): PublicVisit {
  const settings = settingsOf(visit);
  const times = timesOf(visit);
  return {
    building: {
      id: visit.building_id,
      name: visit.building_name,
      logoVersion: visit.check_in_logo_version,
      defaultLocale: settings.defaultLocale,
      timeZoneId: settings.timeZoneId,
    },
    visitorType: visit.visitor_type,
    firstName: visit.first_name,
    lastName: visit.last_name,
    host: visit.host,
    status: visitStatus(times, now, settings.timeZoneId),
    scheduledAt: times.scheduledAt,
    scheduledDuration: visit.scheduled_duration,
    checkedInAt: times.checkedInAt,
    expectedEnd: iso(expectedEnd(times)),
  };
}

/** The visit of a page's link, when that page's change applies to it. */
async function visitFor(ctx: ServerContext, publicIdentifier: string, page: Page): Promise<VisitWithBuilding> {
  const visit = await findVisitWithBuilding(ctx.db, publicIdentifier);
  if (!visit) throw new AppError(notFoundCode[page]);
  const refusal = pageRefusal(visitState(timesAndFacts(visit)), page);
  if (refusal) throw new AppError(refusal);
  return visit;
}

function timesAndFacts(visit: VisitWithBuilding) {
  return {
    checkedInAt: visit.checked_in_at,
    checkedOutAt: visit.checked_out_at,
    cancelledAt: visit.cancelled_at,
    allowed: visit.allowed,
  };
}

/** A change was written: the visit as it is now. */
async function changed(ctx: ServerContext, publicIdentifier: string, page: Page): Promise<PublicVisit> {
  const visit = await findVisitWithBuilding(ctx.db, publicIdentifier);
  if (!visit) throw new AppError(notFoundCode[page]);
  return toPublicVisit(visit, new Date());
}

/** A change wrote nothing: something came first (a check-in, staff, another tab). Says what. */
async function refused(ctx: ServerContext, publicIdentifier: string, page: Page): Promise<never> {
  await visitFor(ctx, publicIdentifier, page);
  throw new AppError(notFoundCode[page]);
}

export async function cancelableVisit(ctx: ServerContext, publicIdentifier: string): Promise<PublicVisit> {
  return toPublicVisit(await visitFor(ctx, publicIdentifier, 'cancel'), new Date());
}

/**
 * A visitor's change written with its audit row in one transaction, the visitor's own device as
 * the actor; false when the guarded change wrote nothing.
 */
function changedByVisitor(
  ctx: ServerContext,
  actor: AuditActor,
  visit: VisitWithBuilding,
  change: { action: string; after: Record<string, unknown> },
  write: (db: ServerContext['db']) => Promise<boolean>,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await write(trx))) return false;
    await audit(trx, actor, {
      tenantId: visit.tenant_id,
      action: change.action,
      entity: 'visit',
      entityId: visit.id,
      after: change.after,
    });
    return true;
  });
}

export async function cancelVisit(
  ctx: ServerContext,
  actor: AuditActor,
  publicIdentifier: string,
): Promise<PublicVisit> {
  const visit = await visitFor(ctx, publicIdentifier, 'cancel');
  const cancelled = await changedByVisitor(
    ctx,
    actor,
    visit,
    { action: 'MEETING_CANCELLED', after: { cancelled: true } },
    (db) => cancelIfNotBegun(db, visit.id),
  );
  if (!cancelled) return refused(ctx, publicIdentifier, 'cancel');
  return changed(ctx, publicIdentifier, 'cancel');
}

const MINUTE = 60_000;

/**
 * The durations that would make a visit longer: longer than its own, and ending after `now` (an
 * overdue visitor's new end must not be past already). From the start it has (its check-in, else
 * its schedule); without one, any longer duration.
 */
export function longerDurations(
  visit: { scheduledDuration: string | null; checkedInAt: string | null; scheduledAt: string | null },
  now: Date,
): (typeof visitDurationChoices)[number][] {
  const current = visit.scheduledDuration ? (durationToMinutes(visit.scheduledDuration) ?? 0) : 0;
  const start = visit.checkedInAt ?? visit.scheduledAt;
  return visitDurationChoices.filter((choice) => {
    const minutes = durationToMinutes(choice) ?? 0;
    if (minutes <= current) return false;
    return start === null || new Date(start).getTime() + minutes * MINUTE > now.getTime();
  });
}

export async function postponableVisit(ctx: ServerContext, publicIdentifier: string): Promise<PostponableVisit> {
  const visit = await visitFor(ctx, publicIdentifier, 'postpone');
  const now = new Date();
  return { ...toPublicVisit(visit, now), durationChoices: longerDurations(timesOf(visit), now) };
}

/** Attempts at a longer stay when the duration changed under it (another tab, staff). */
const ATTEMPTS = 3;

export async function postponeVisit(
  ctx: ServerContext,
  actor: AuditActor,
  publicIdentifier: string,
  duration: (typeof visitDurationChoices)[number],
): Promise<PublicVisit> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const visit = await visitFor(ctx, publicIdentifier, 'postpone');
    if (!longerDurations(timesOf(visit), new Date()).includes(duration)) {
      throw new AppError('POSTPONE_DURATION_NOT_LONGER');
    }
    const longer = { action: 'MEETING_PROLONGED', after: { scheduledDuration: duration } };
    const prolonged = await changedByVisitor(ctx, actor, visit, longer, (db) =>
      prolongIfUnchanged(db, visit.id, visit.scheduled_duration, duration),
    );
    if (prolonged) return changed(ctx, publicIdentifier, 'postpone');
  }
  throw new AppError('POSTPONE_CHECKOUT_VISIT_NOT_FOUND');
}

export async function reschedulableVisit(ctx: ServerContext, publicIdentifier: string): Promise<PublicVisit> {
  return toPublicVisit(await visitFor(ctx, publicIdentifier, 'reschedule'), new Date());
}

/**
 * A visit's new time, or its refusal: not over by then (the same rule as staff invitations:
 * MEETING_IN_THE_PAST), and within a year.
 */
export function scheduleRefusal(at: Date, duration: string | null, now: Date): ErrorCode | null {
  const minutes = duration ? (durationToMinutes(duration) ?? 0) : 0;
  if (at.getTime() + minutes * MINUTE <= now.getTime()) return 'MEETING_IN_THE_PAST';
  if (at.getTime() - now.getTime() > VISIT_SCHEDULE_MAX_DAYS * 24 * 60 * MINUTE) return 'VALIDATION_FAILED';
  return null;
}

export async function rescheduleVisit(
  ctx: ServerContext,
  actor: AuditActor,
  publicIdentifier: string,
  scheduledAt: string,
): Promise<PublicVisit> {
  const visit = await visitFor(ctx, publicIdentifier, 'reschedule');
  const at = new Date(scheduledAt);
  const duration = visit.scheduled_duration ?? settingsOf(visit).defaultMeetingDuration;
  const refusal = scheduleRefusal(at, duration, new Date());
  if (refusal) throw new AppError(refusal, refusal === 'VALIDATION_FAILED' ? { field: 'scheduledAt' } : undefined);
  const moved = { action: 'MEETING_RESCHEDULED', after: { scheduledAt: at.toISOString() } };
  const rescheduled = await changedByVisitor(ctx, actor, visit, moved, (db) => rescheduleIfNotBegun(db, visit.id, at));
  if (!rescheduled) return refused(ctx, publicIdentifier, 'reschedule');
  return changed(ctx, publicIdentifier, 'reschedule');
}
