// Checking out: by the visit's own link, by code and PIN, or on a kiosk by a search and its ticket.
import type { z } from 'zod';
import type { checkOutRequestSchema } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findBuildingByKey, findBuildingSettings } from '../buildings/buildingOfLink.repo.ts';
import { settingsOf } from '../buildings/buildingSettings.ts';
import { linkedQuestionnaires } from '../questionnaires/linkedQuestionnaires.repo.ts';
import { findOpenVisitsAtBuilding } from '../visits/openVisits.repo.ts';
import { toVisitSummary } from '../visits/visit.dto.ts';
import {
  type VisitRow,
  checkOutVisit,
  findVisitById,
  findVisitByIdentifierAndPin,
  findVisitByPublicIdentifier,
} from '../visits/visits.repo.ts';
import { pinFailures, recordPinFailure } from './checkin.repo.ts';
import { issueTicket, visitOfTicket } from './checkoutTicket.ts';
import { type CheckInChannel, buildingForChannel, enrolledKioskOf } from './channel.ts';
import { kioskOfCredential } from '../kiosks/kiosks.service.ts';
import { audit, channelActor } from '../audit/audit.service.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { CheckInTiming } from './checkin.service.ts';
import { answeredQuestionnaires, checkOutSettings, checkTemperatures } from './visitRules.ts';

type CheckOutBody = z.output<typeof checkOutRequestSchema>;

/** A link's visit while it is open: 404 CHECKOUT_VISIT_NOT_FOUND otherwise. */
function openOf(visit: VisitRow | undefined): VisitRow {
  if (!visit || !visit.checked_in_at || visit.checked_out_at) throw new AppError('CHECKOUT_VISIT_NOT_FOUND');
  return visit;
}

async function openVisit(ctx: ServerContext, publicIdentifier: string) {
  return openOf(await findVisitByPublicIdentifier(ctx.db, publicIdentifier));
}

/** The settings of a visit's building. */
async function buildingSettingsById(ctx: ServerContext, buildingId: string) {
  return settingsOf(await findBuildingSettings(ctx.db, buildingId));
}

/**
 * Who checked a visit out by hand (the visit keeps it, the entry log and its CSV show it): the
 * visitor on their phone, a kiosk, or staff at the entry log. The automatic check-out records its
 * own rule (lifecycle jobs).
 */
type CheckOutBy = 'OWN_DEVICE' | 'KIOSK' | 'STAFF';

/**
 * The exit questionnaires a check-out asks: a kiosk's and staff's always; the visitor's own
 * check-out through the visit's link (the e-mails', the phone's) only when the building allows
 * them there (`allowExitQuestionnairesOnEmailCheckOut`).
 */
async function exitQuestionnairesOf(
  ctx: ServerContext,
  visit: VisitRow,
  settings: { allowExitQuestionnairesOnEmailCheckOut: boolean },
  method: CheckOutBy,
) {
  if (method === 'OWN_DEVICE' && !settings.allowExitQuestionnairesOnEmailCheckOut) return [];
  return linkedQuestionnaires(ctx.db, visit.building_id, 'EXIT', visit.visitor_type);
}

/** Who checks out through a visit's link: a kiosk of the visit's building (its credential), else the visitor's phone. */
async function linkMethod(
  ctx: ServerContext,
  visit: VisitRow,
  channel: Pick<CheckInChannel, 'credential'>,
): Promise<CheckOutBy> {
  const kiosk = channel.credential ? await kioskOfCredential(ctx, channel.credential) : undefined;
  return kiosk && kiosk.buildingId === visit.building_id ? 'KIOSK' : 'OWN_DEVICE';
}

/** What the check-out page of a visit's link needs, for who checks out there (a kiosk, else the visitor). */
export async function checkOutData(
  ctx: ServerContext,
  publicIdentifier: string,
  channel: Pick<CheckInChannel, 'credential'> = {},
) {
  const visit = await openVisit(ctx, publicIdentifier);
  return checkOutDataOf(ctx, visit, await linkMethod(ctx, visit, channel));
}

async function checkOutDataOf(ctx: ServerContext, visit: VisitRow, method: CheckOutBy) {
  const settings = await buildingSettingsById(ctx, visit.building_id);
  return {
    visit: toVisitSummary(visit, settings.timeZoneId),
    exitQuestionnaires: await exitQuestionnairesOf(ctx, visit, settings, method),
    ...checkOutSettings(settings),
  };
}

/**
 * How a check-out is made: when (a kiosk's offline entry keeps its time) and by whom; `by` is
 * where a visitor's or a kiosk's check-out came from, for the audit log (staff audit their own).
 */
type CheckOutTiming = CheckInTiming & {
  method: CheckOutBy;
  by?: { clientIp: string | null; deviceId?: string | null };
};

export async function checkOut(
  ctx: ServerContext,
  publicIdentifier: string,
  body: CheckOutBody,
  timing: CheckOutTiming,
) {
  return checkOutOpenVisit(ctx, await openVisit(ctx, publicIdentifier), body, timing);
}

/**
 * A visit of the link already checked out answers as its check-out did, changing nothing: a
 * phone that sends its check-out again (its first answer lost on the way, an instance gone) or
 * a visitor who left at the kiosk and then taps the phone's button is told they are out.
 */
async function answeredAsOut(ctx: ServerContext, visit: VisitRow) {
  const settings = await buildingSettingsById(ctx, visit.building_id);
  return { status: 'success' as const, visit: toVisitSummary(visit, settings.timeZoneId) };
}

/**
 * The check-out page of a visit's link (PATCH /checkoutable/{publicIdentifier}): the visitor's
 * phone (OWN_DEVICE), or a kiosk that found the visit by its code and PIN (KIOSK). A kiosk is
 * known by its enrolment credential, of the visit's building; a call without one is a phone's.
 * The credential only names the method here: the link's secret is what allows the check-out.
 */
export async function checkOutByLink(
  ctx: ServerContext,
  publicIdentifier: string,
  body: CheckOutBody,
  channel: Pick<CheckInChannel, 'credential' | 'clientIp'>,
) {
  const found = await findVisitByPublicIdentifier(ctx.db, publicIdentifier);
  if (found?.checked_in_at && found.checked_out_at) return answeredAsOut(ctx, found);
  const visit = openOf(found);
  const kiosk = channel.credential ? await kioskOfCredential(ctx, channel.credential) : undefined;
  const method = await linkMethod(ctx, visit, channel);
  const by = { clientIp: channel.clientIp, deviceId: method === 'KIOSK' ? (kiosk?.deviceId ?? null) : null };
  return checkOutOpenVisit(ctx, visit, body, { method, by });
}

/**
 * Checks out an open visit with the exit form's result, checked by the building's rules (exit
 * questionnaires, temperatures), recording who did it (`method`): the visitor's own check-out,
 * a kiosk's (online or synced), staff's at the desk. CHECKOUT_VISIT_NOT_FOUND when it was
 * no longer open.
 */
export async function checkOutOpenVisit(
  ctx: ServerContext,
  visit: VisitRow,
  body: CheckOutBody,
  timing: CheckOutTiming,
) {
  const settings = await buildingSettingsById(ctx, visit.building_id);
  const questionnaires = await exitQuestionnairesOf(ctx, visit, settings, timing.method);
  const { stored } = answeredQuestionnaires(questionnaires, body.questionnairesAnswers);
  if (settings.checkOutTemperatureMeasuresEnabled && settings.allowCheckOutManualTemperatureMeasure) {
    checkTemperatures(true, body, settings);
  }
  const { method, by } = timing;
  const columns = {
    exit_temp_measure1: body.tempMeasure1,
    exit_temp_measure2: body.tempMeasure2,
    exit_comments: body.comments,
    exit_questionnaires_answers: JSON.stringify(stored),
    checkout_method: method,
  };
  // The visitor's own check-out and a kiosk's are audited with the change, the channel as the actor.
  const done = await inTransaction(ctx.db, async (db) => {
    const checkedOut = await checkOutVisit(db, visit.id, timing.occurredAt ?? null, columns);
    if (checkedOut && method !== 'STAFF') {
      await audit(db, channelActor(method, by ?? { clientIp: null }), {
        tenantId: visit.tenant_id,
        action: 'MEETING_CHECKED_OUT',
        entity: 'visit',
        entityId: visit.id,
        after: { checkedOutAt: (timing.occurredAt ?? new Date()).toISOString(), checkoutMethod: method },
      });
    }
    return checkedOut;
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
export async function searchVisit(ctx: ServerContext, identifier: string, pin: string, lastName: string | undefined) {
  const code = identifier.toUpperCase();
  if ((await pinFailures(ctx.db, code)) >= PIN_MAX_FAILURES) {
    throw new AppError('PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED');
  }
  const visit = await findVisitByIdentifierAndPin(ctx.db, code, pin);
  if (!visit || (lastName !== undefined && (visit.last_name ?? '').toLowerCase() !== lastName.toLowerCase())) {
    await recordPinFailure(ctx.db, code, PIN_FAILURE_WINDOW_MINUTES);
    throw new AppError('CHECKOUT_VISIT_NOT_FOUND');
  }
  const settings = await buildingSettingsById(ctx, visit.building_id);
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

/** The open visit a ticket names, for the kiosk it was issued to, and that kiosk. */
async function ticketVisit(ctx: ServerContext, qrCodeKey: string, ticket: string, channel: CheckInChannel) {
  const { building, kiosk } = await kioskBuilding(ctx, qrCodeKey, channel);
  const visit = await findVisitById(ctx.db, await visitOfTicket(ctx, ticket, kiosk.deviceId));
  if (!visit || visit.building_id !== building.id) throw new AppError('CHECKOUT_VISIT_NOT_FOUND');
  return { visit: await openVisit(ctx, visit.public_identifier), kiosk };
}

/** What the check-out form of a visit found by a kiosk's search needs. */
export async function ticketCheckOutData(
  ctx: ServerContext,
  qrCodeKey: string,
  ticket: string,
  channel: CheckInChannel,
) {
  const { visit } = await ticketVisit(ctx, qrCodeKey, ticket, channel);
  return checkOutDataOf(ctx, visit, 'KIOSK');
}

/** Checks out the visit a kiosk's search found, with its ticket. */
export async function ticketCheckOut(
  ctx: ServerContext,
  qrCodeKey: string,
  ticket: string,
  body: CheckOutBody,
  channel: CheckInChannel,
) {
  const { visit, kiosk } = await ticketVisit(ctx, qrCodeKey, ticket, channel);
  return checkOutOpenVisit(ctx, visit, body, {
    method: 'KIOSK',
    by: { clientIp: channel.clientIp, deviceId: kiosk.deviceId },
  });
}
