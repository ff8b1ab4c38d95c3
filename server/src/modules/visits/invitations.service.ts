// Invitations and changes to visits from the entry log: invite (POST /meeting), change
// (PATCH /meeting/{id}), cancel, delete. Each change is audited in its transaction. The
// invitation e-mail is not sent here: the lifecycle job sends it for a visit with is_invitation
// and no invitation_sent_at; a changed time clears the notices already sent for the old one, the
// invitation included (sent again as a new version of its calendar event), and a cancellation is
// told to the visitor and the host by the lifecycle's cancellation job.
import {
  type Locale,
  type VisitTransition,
  type VisitDetail,
  type VisitorType,
  dayInZone,
  durationToMinutes,
  isValidOn,
  locales,
  newVisitCodes,
  transitionRefusal,
  uuidv7,
} from '@vestibule/shared';
import type { z } from 'zod';
import type { visitInviteSchema, visitUpdateSchema } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { audit, changedFields } from '../audit/audit.service.ts';
import { settingsOf } from '../buildings/buildingSettings.ts';
import { checkedHost } from './hosts.service.ts';
import { auditedVisit, stateOf, toVisitDetail } from './visit.dto.ts';
import type { VisitActor } from './visitCaller.ts';
import { type BuildingPersonRow, findBuildingPerson } from './visitDirectory.repo.ts';
import {
  type TenantVisitRow,
  deleteVisit,
  findTenantVisit,
  insertVisit,
  invitationChange,
  updateVisitIf,
} from './visits.repo.ts';
import { visibleBuilding, visibleVisit } from './visits.service.ts';

type InviteBody = z.output<typeof visitInviteSchema>;
type UpdateBody = z.output<typeof visitUpdateSchema>;

/** Refuses an action the visit's state does not allow, with the shared rule's code. */
export function refuseUnless(row: TenantVisitRow, action: VisitTransition): void {
  const code = transitionRefusal(stateOf(row), action);
  if (code) throw new AppError(code);
}

type Building = { id: string; tenant_id: string };

/** A visitor picked from the directory: of the building, not deactivated, valid on the visit's day. */
async function visitorOf(ctx: ServerContext, building: Building, personId: string, day: string) {
  const person = await findBuildingPerson(ctx.db, building, personId);
  if (!person) throw notFound();
  if (person.deactivated) throw new AppError('PERSON_DEACTIVATED');
  if (!isValidOn({ validFrom: person.valid_from, validTo: person.valid_to }, day))
    throw new AppError('PERSON_NOT_VALID');
  return person;
}

/** A visit whose expected end has already passed when it is made or moved would be expired at once. */
function refusePast(scheduledAt: Date, duration: string, now: Date): void {
  const end = scheduledAt.getTime() + (durationToMinutes(duration) ?? 0) * 60_000;
  if (end <= now.getTime()) throw new AppError('MEETING_IN_THE_PAST', { field: 'scheduledAt' });
}

/** The visitor's fields a check-in form holds (the wizard's prefill when they arrive). */
function formOfVisitor(values: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

const isLocale = (value: unknown): value is Locale => (locales as readonly unknown[]).includes(value);

/** A new invitation (201): the visitor, the host (a person of the directory or a user), when and for how long. */
export async function inviteVisitor(
  ctx: ServerContext,
  actor: VisitActor,
  body: InviteBody,
  now = new Date(),
): Promise<VisitDetail> {
  const building = await visibleBuilding(ctx, actor, body.buildingId);
  const settings = settingsOf(building);
  const scheduledAt = new Date(body.scheduledAt);
  refusePast(scheduledAt, body.scheduledDuration, now);
  const person: BuildingPersonRow | undefined = body.personId
    ? await visitorOf(ctx, building, body.personId, dayInZone(scheduledAt, settings.timeZoneId))
    : undefined;
  const firstName = person?.first_name ?? body.firstName ?? null;
  const lastName = person?.last_name ?? body.lastName ?? null;
  if (!firstName) throw new AppError('MISSING', { field: 'firstName' });
  if (!lastName) throw new AppError('MISSING', { field: 'lastName' });
  const host = await checkedHost(ctx, building, body);
  if (!host) throw new AppError('MISSING', { field: 'hostPersonId' });
  const visitor = {
    email: body.email ?? person?.email ?? null,
    phone: body.phone ?? person?.phone ?? null,
    companyName: body.companyName ?? person?.company_name ?? null,
  };
  const visitorType: VisitorType = person?.visitor_type ?? body.visitorType;
  const locale = body.locale ?? person?.locale ?? (isLocale(settings.defaultLocale) ? settings.defaultLocale : 'en');
  const codes = newVisitCodes();
  const id = uuidv7();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await insertVisit(trx, {
      id,
      tenant_id: building.tenant_id,
      building_id: building.id,
      identifier: codes.identifier,
      public_identifier: codes.publicIdentifier,
      pin: codes.pin,
      visitor_type: visitorType,
      person_id: person?.id ?? null,
      first_name: firstName,
      last_name: lastName,
      email: visitor.email,
      phone: visitor.phone,
      company_name: visitor.companyName,
      host: host.name,
      host_person_id: host.personId,
      host_user_id: host.userId,
      check_in_form: JSON.stringify(
        formOfVisitor({ firstName, lastName, ...visitor, contractorCompanyName: visitor.companyName, host: host.name }),
      ),
      scheduled_at: scheduledAt,
      scheduled_duration: body.scheduledDuration,
      comments: body.comments ?? null,
      locale,
      source: 'STAFF',
      is_invitation: true,
      invited_by: actor.userId,
    });
    const created = await findTenantVisit(trx, actor.tenantId, id);
    if (!created) throw notFound();
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
      action: 'MEETING_CREATED',
      entity: 'visit',
      entityId: id,
      after: auditedVisit(created),
    });
    return created;
  });
  return toVisitDetail(row, now);
}

/**
 * Changes a visit: the visitor's fields, the host, the duration, its language; its time only
 * before arrival. A new time clears the reminders already sent for the old one (and the expiry),
 * a new duration the end reminder and the overdue alert, so the jobs send them again on time.
 * Before arrival either sends the invitation again, as the calendar event's next version.
 */
export async function updateVisit(
  ctx: ServerContext,
  actor: VisitActor,
  id: string,
  body: UpdateBody,
  now = new Date(),
): Promise<VisitDetail> {
  const before = await visibleVisit(ctx, actor, id);
  refuseUnless(before, 'update');
  const moved = body.scheduledAt !== undefined && new Date(body.scheduledAt).getTime() !== timeOf(before.scheduled_at);
  if (moved) refuseUnless(before, 'reschedule');
  const durationChanged = body.scheduledDuration !== undefined && body.scheduledDuration !== before.scheduled_duration;
  const invitationMoved = (moved || durationChanged) && stateOf(before) === 'INVITED';
  if (invitationMoved) {
    const at = body.scheduledAt
      ? new Date(body.scheduledAt)
      : before.scheduled_at
        ? new Date(before.scheduled_at)
        : null;
    const length = body.scheduledDuration ?? before.scheduled_duration;
    if (at && length) refusePast(at, length, now);
  }
  const building = { id: before.building_id, tenant_id: before.tenant_id };
  const hostChanged =
    (body.hostPersonId !== undefined && body.hostPersonId !== before.host_person_id) ||
    (body.hostUserId !== undefined && body.hostUserId !== before.host_user_id);
  const host = hostChanged ? await checkedHost(ctx, building, body) : undefined;
  const visitorFields = {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phone: body.phone,
    companyName: body.companyName,
  };
  if (body.firstName === null) throw new AppError('IS_EMPTY', { field: 'firstName' });
  if (body.lastName === null) throw new AppError('IS_EMPTY', { field: 'lastName' });
  const form = { ...before.check_in_form };
  for (const [key, value] of Object.entries(visitorFields)) {
    if (value === undefined) continue;
    if (value === null) delete form[key];
    else form[key] = value;
  }
  if (host) form.host = host.name;
  const changes = {
    visitor_type: body.visitorType,
    first_name: body.firstName ?? undefined,
    last_name: body.lastName ?? undefined,
    email: body.email,
    phone: body.phone,
    company_name: body.companyName,
    comments: body.comments,
    locale: body.locale,
    ...(host ? { host: host.name, host_person_id: host.personId, host_user_id: host.userId } : {}),
    ...(moved
      ? {
          scheduled_at: new Date(body.scheduledAt as string),
          start_reminder_sent_at: null,
          end_reminder_sent_at: null,
          overdue_alert_sent_at: null,
          expired_at: null,
        }
      : {}),
    ...(durationChanged
      ? { scheduled_duration: body.scheduledDuration, end_reminder_sent_at: null, overdue_alert_sent_at: null }
      : {}),
    ...(invitationMoved ? invitationChange.moved() : {}),
    check_in_form: JSON.stringify(form),
  };
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const after = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateVisitIf(trx, id, defined, moved ? 'invited' : 'any');
    const row = await findTenantVisit(trx, actor.tenantId, id);
    if (!row) throw notFound();
    // Arrived, checked out or cancelled by another desk meanwhile: refused by the state it is in now.
    refuseUnless(row, moved ? 'reschedule' : 'update');
    if (!updated) throw notFound();
    const changed = changedFields(auditedVisit(before), auditedVisit(row));
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
      action: 'MEETING_UPDATED',
      entity: 'visit',
      entityId: id,
      before: changed.before,
      after: changed.after,
    });
    return row;
  });
  return toVisitDetail(after, now);
}

const timeOf = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/** Cancels a visit before arrival (its cancel link then finds nothing to cancel). */
export async function cancelVisit(ctx: ServerContext, actor: VisitActor, id: string): Promise<VisitDetail> {
  const before = await visibleVisit(ctx, actor, id);
  refuseUnless(before, 'cancel');
  const after = await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateVisitIf(trx, id, { cancelled_at: new Date(), ...invitationChange.cancelled() }, 'invited'))) {
      const now = await findTenantVisit(trx, actor.tenantId, id);
      if (!now) throw notFound();
      refuseUnless(now, 'cancel');
      throw notFound();
    }
    const row = await findTenantVisit(trx, actor.tenantId, id);
    if (!row) throw notFound();
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
      action: 'MEETING_CANCELLED',
      entity: 'visit',
      entityId: id,
      before: { cancelledAt: null },
      after: { cancelledAt: auditedVisit(row).cancelledAt },
    });
    return row;
  });
  return toVisitDetail(after);
}

/**
 * Sends a visit's invitation again: its "sent at" is cleared, so the invitation job sends it
 * within seconds (the same version of the calendar event, which the visitor's calendar keeps),
 * audited. Only before arrival, to a visit made as an invitation with an e-mail address
 * (INVITATION_NOT_SENDABLE), while it is not over (MEETING_IN_THE_PAST).
 */
export async function resendInvitation(
  ctx: ServerContext,
  actor: VisitActor,
  id: string,
  now = new Date(),
): Promise<VisitDetail> {
  const before = await visibleVisit(ctx, actor, id);
  refuseUnless(before, 'resend');
  if (!before.is_invitation || !before.email?.includes('@')) throw new AppError('INVITATION_NOT_SENDABLE');
  if (before.expired_at) throw new AppError('MEETING_IN_THE_PAST', { field: 'scheduledAt' });
  if (before.scheduled_at) refusePast(new Date(before.scheduled_at), before.scheduled_duration ?? 'PT0M', now);
  const after = await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateVisitIf(trx, id, { invitation_sent_at: null }, 'invited'))) {
      const current = await findTenantVisit(trx, actor.tenantId, id);
      if (!current) throw notFound();
      refuseUnless(current, 'resend');
      throw notFound();
    }
    const row = await findTenantVisit(trx, actor.tenantId, id);
    if (!row) throw notFound();
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
      action: 'MEETING_INVITATION_RESENT',
      entity: 'visit',
      entityId: id,
      after: { email: row.email },
    });
    return row;
  });
  return toVisitDetail(after, now);
}

/** Removes a visit from the history, audited with what it was. */
export async function removeVisit(ctx: ServerContext, actor: VisitActor, id: string): Promise<void> {
  const before = await visibleVisit(ctx, actor, id);
  refuseUnless(before, 'remove');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteVisit(trx, actor.tenantId, id))) throw notFound();
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
      action: 'MEETING_DELETED',
      entity: 'visit',
      entityId: id,
      before: auditedVisit(before),
    });
  });
}
