// Checking in: the wizard's result posted on a channel (a phone, an enrolled kiosk, its synced
// outbox, staff at the desk), judged by the building's rules and written as a visit. One attempt
// reads as the rule does: the channel's building, the host, the person, their answers, the door's
// decision, the write, and the e-mail-me copy written with it (docs/check-in.md).
import {
  type CheckInResponse,
  type Locale,
  type VisitCodes,
  newVisitCodes,
  parseKioskCredential,
  resignDaysOf,
  signerKeyOf,
  transitionRefusal,
  uuidv7,
  visitorPhotoModeOf,
} from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { z } from 'zod';
import type { checkInRequestSchema } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findBuildingByKey } from '../buildings/buildingOfLink.repo.ts';
import { settingsOf } from '../buildings/buildingSettings.ts';
import { type AuditActor, type AuditEntry, audit, channelActor } from '../audit/audit.service.ts';
import { insertSignatures } from '../documents/documents.repo.ts';
import {
  type AcceptedSignature,
  acceptedSignatures,
  documentsToSign,
  requireSignatures,
} from '../documents/signatures.service.ts';
import { sameSecret } from '../identification/identifiedPerson.ts';
import { enqueueMail } from '../mail/mail.repo.ts';
import { watchlistAlertMail } from '../notifications/watchlistAlert.ts';
import { confirmByArrival } from '../spaceBookings/bookingCheckIn.repo.ts';
import { type GuardedVisit, type SamePerson, insertVisitIfCurrent, personIsIn } from '../visits/openVisits.repo.ts';
import { stateOf, toVisitSummary } from '../visits/visit.dto.ts';
import { photoOfEntry } from '../visits/visitPhoto.ts';
import { saveVisitPhoto } from '../visits/visitPhoto.repo.ts';
import {
  type StaffColumns,
  type VisitRow,
  type VisitSummaryRow,
  findVisitById,
  updateVisitRow,
  visitCodesTaken,
} from '../visits/visits.repo.ts';
import { type CheckInChannel, checkChannel, formOf } from './channel.ts';
import { checkInCopyMail } from './checkinMail.ts';
import {
  type EntryVerdict,
  type Entry,
  type EntryAnswers,
  type EntryPerson,
  answersOfEntry,
  decideEntry,
  watchedVerdict,
  hostColumnsOf,
  hostLinkOfEntry,
  personOfEntry,
  visitColumns,
} from './entryJudgement.ts';

type HostColumns = ReturnType<typeof hostColumnsOf>;

type CheckInBody = z.output<typeof checkInRequestSchema>;

/** When the check-in happened: now online, or the kiosk's clock for a synced offline check-in. */
export interface CheckInTiming {
  occurredAt?: Date;
  /** Whether the answer needs the visit's summary (the online call's entryLogItem). */
  withSummary?: boolean;
  /** The codes a kiosk gave the person when it checked them in offline (kept unless taken). */
  codes?: VisitCodes;
  /**
   * The visit of `body.id` as the caller read it just before (a pushed batch reads its entries'
   * visits in one query): null when there is none. Unset: read here.
   */
  existing?: VisitRow | null;
  /** What staff set besides the wizard's result (the visit's language and type). */
  columns?: StaffColumns;
  /**
   * A device's queued entry (the sync push): a kiosk's is never refused for its signatures, an
   * invalid one is dropped and the check-in recorded (docs/check-in.md, "Signed documents").
   */
  queued?: boolean;
  /** A pushed batch's new visits, written together when the batch says (docs/kiosk.md, "The push"). */
  deferred?: DeferredVisits;
}

/** A new visit whose write waits for its batch, with what is written alongside it once it is. */
export interface DeferredVisit extends GuardedVisit {
  alongside: (db: ServerContext['db']) => Promise<void>;
  audit: { actor: AuditActor; entry: AuditEntry } | undefined;
}

/**
 * Where a pushed batch keeps its new visits until it writes them in one statement: the batch
 * answers whether a kiosk's codes are taken and whether a person is in on a visit it holds (one
 * person twice in a batch: the later one is already in, as one after the other).
 */
export interface DeferredVisits {
  codesTaken: (codes: VisitCodes) => boolean;
  personIn: (person: SamePerson) => boolean;
  add: (visit: DeferredVisit) => void;
}

export type CheckInOutcome = { status: number; body: CheckInResponse; created?: boolean };

/** Attempts at a new visit whose building changed meanwhile; the last one writes without the version check. */
const ATTEMPTS = 3;

export async function checkIn(
  ctx: ServerContext,
  body: CheckInBody,
  channel: CheckInChannel,
  timing: CheckInTiming = {},
): Promise<CheckInOutcome> {
  const existing =
    timing.existing !== undefined
      ? (timing.existing ?? undefined)
      : body.id
        ? await findVisitById(ctx.db, body.id)
        : undefined;
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
  const entry = await entryOnChannel(ctx, body, channel, timing, existing);
  const hostLink = await hostLinkOfEntry(ctx, entry);
  const who = await personOfEntry(ctx, entry, hostLink);
  if (await isAlreadyIn(ctx, entry, who)) return alreadyCheckedIn(channel.locale);
  const host = hostColumnsOf(entry, who, hostLink);
  const answers = await answersOfEntry(ctx, entry, who);
  const decision = await watchedVerdict(ctx, entry, who, decideEntry(entry, who, answers));
  const signatures = await signaturesOfEntry(ctx, entry, who);
  const written = await writeEntry(ctx, entry, who, { answers, decision, host, signatures }, attempt);
  if (written === 'alreadyIn') return alreadyCheckedIn(channel.locale);
  if (!written) return undefined;
  return outcomeOf(entry, decision, written);
}

/**
 * The channel: the building of the entry's link as the channel may see it (a kiosk enrolled for
 * it, a link with its current mobile token). A person's proof stands for the token, and is checked
 * with the person; so does the public identifier of the visit the entry names (its own link, an
 * invitation's e-mail: docs/check-in.md, "Channels"). Checking back into a visit reads the
 * building from the database.
 */
async function entryOnChannel(
  ctx: ServerContext,
  body: CheckInBody,
  channel: CheckInChannel,
  timing: CheckInTiming,
  existing: VisitRow | undefined,
): Promise<Entry> {
  const fromMemory = !existing;
  const personProven =
    body.personId !== null && (channel.staff === true || body.passIdentifier !== null || body.personTicket !== null);
  const visitProven =
    existing !== undefined &&
    body.publicIdentifier !== null &&
    sameSecret(existing.public_identifier, body.publicIdentifier);
  const proven = personProven || visitProven;
  const row = await (fromMemory
    ? ctx.checkInConfigs.building(ctx.db, body.qrCodeKey)
    : findBuildingByKey(ctx.db, body.qrCodeKey));
  const building = await checkChannel(ctx, row, channel, body.mt, { ignoreMobileToken: proven });
  if (existing && existing.building_id !== building.id) throw new AppError('CHECKIN_VISIT_NOT_FOUND');
  if (existing) refuseByState(existing);
  const settings = settingsOf(building);
  // A visitor's own phone is refused a bad or missing required photo; a kiosk's entry (queued,
  // never lost) and staff's go on without it (docs/check-in.md, "The visitor's photo").
  const photoStrict = !channel.fromKiosk && channel.staff !== true;
  const photo = photoOfEntry(body.photo, visitorPhotoModeOf(settings.visitorPhoto, body.visitorType), photoStrict);
  return {
    body,
    channel,
    timing,
    existing,
    fromMemory,
    building,
    settings,
    form: formOf(building, body.visitorType),
    at: timing.occurredAt ?? new Date(),
    photo: photo.bytes,
  };
}

/**
 * A cancelled invitation or a visit refused at the door is never checked into by its id, on any
 * channel (the state rule staff meet too: docs/visits.md); an invitation, a visit in (208 below)
 * and a visit checked out (checking in again) go on.
 */
function refuseByState(existing: VisitRow): void {
  const state = stateOf(existing);
  if (state !== 'CANCELLED' && state !== 'REFUSED') return;
  const refusal = transitionRefusal(state, 'checkIn');
  if (refusal) throw new AppError(refusal);
}

/**
 * A new visit's "already in" check is part of its insert; a visit checked into again is checked
 * here: in already, or its person in on another visit of the building (one open visit each).
 */
async function isAlreadyIn(ctx: ServerContext, entry: Entry, who: EntryPerson): Promise<boolean> {
  const { existing } = entry;
  if (!existing) return false;
  if (existing.checked_in_at && !existing.checked_out_at) return true;
  return personIsIn(ctx.db, entry.building.id, who.person);
}

/** Who signs, as the "already signed" lookup finds them again (shared `signerKeyOf`). */
function signerKeyOfEntry(entry: Entry, who: EntryPerson): string {
  const { existing } = entry;
  return signerKeyOf({
    email: who.person.email ?? existing?.email,
    firstName: who.person.firstName ?? existing?.first_name,
    lastName: who.person.lastName ?? existing?.last_name,
  });
}

/**
 * The documents signed (docs/check-in.md, "Signed documents"): a visitor on their phone (online
 * or its pushed entry, which it sends at once) or at a kiosk's online call is refused for an
 * invalid signature, or for a document of the person type they must sign and did not, lately or
 * now; a kiosk's queued entry is never lost: it keeps what it signed (an older version the kiosk
 * had cached included) and drops what is invalid. Staff at the desk vouch for the visitor.
 */
async function signaturesOfEntry(ctx: ServerContext, entry: Entry, who: EntryPerson): Promise<AcceptedSignature[]> {
  const { body, building, channel, timing } = entry;
  const strict = !(timing.queued === true && channel.fromKiosk);
  const accepted = await acceptedSignatures(ctx.db, building.id, body.signatures, strict);
  if (strict && channel.staff !== true) {
    // Read with the building's version, as its questionnaires (a new visit's write checks it).
    const documents = await (entry.fromMemory
      ? ctx.checkInConfigs.documents(ctx.db, building, body.visitorType)
      : documentsToSign(ctx.db, building.id, body.visitorType));
    const signer = {
      buildingId: building.id,
      signerKey: signerKeyOfEntry(entry, who),
      resignDays: resignDaysOf(entry.settings),
      at: entry.at,
    };
    await requireSignatures(ctx.db, signer, documents, accepted);
  }
  return accepted;
}

type Codes = { identifier: string; public_identifier: string; pin: string };
/** `saved` is null for a visit its batch writes later (a pushed entry answers no summary). */
type Written = { saved: VisitSummaryRow | null; identifiers: Codes; created: boolean };

/**
 * The write: a visit checked into again is updated; a new one is inserted in one statement that
 * checks the building is still the version it was judged by and the person is not in (the last
 * attempt writes without the version check). The notice, the e-mail-me copy of a visitor let in,
 * the watchlist's alert to the security contacts and the person's photo are written with it in one
 * transaction (one statement when there is none). Undefined when the building changed meanwhile
 * (judge again); 'alreadyIn' when the person got in first.
 */
async function writeEntry(
  ctx: ServerContext,
  entry: Entry,
  who: EntryPerson,
  judged: { answers: EntryAnswers; decision: EntryVerdict; host: HostColumns; signatures: AcceptedSignature[] },
  attempt: number,
): Promise<Written | 'alreadyIn' | undefined> {
  const { existing, building, body } = entry;
  const { answers, decision, host, signatures } = judged;
  const { deferred } = entry.timing;
  const id = existing?.id ?? body.id ?? uuidv7();
  const identifiers = existing
    ? { identifier: existing.identifier, public_identifier: existing.public_identifier, pin: existing.pin }
    : await freshCodes(ctx, entry.timing.codes, deferred);
  const columns = visitColumns(entry, who, answers, decision, host);
  const newVisit = { id, tenant_id: building.tenant_id, building_id: building.id, ...identifiers, ...columns };
  const guard = { configVersion: attempt < ATTEMPTS ? building.config_version : null, person: who.person };
  const write = (db: ServerContext['db']) =>
    existing ? updateVisitRow(db, id, columns) : insertVisitIfCurrent(db, newVisit, guard);
  const notice = noticeOf(ctx, entry, who, decision, identifiers);
  const alert = alertOf(ctx, entry, decision, columns);
  // A visitor's own check-in (a phone, a kiosk) is audited with it; staff audit their own.
  const audited = entry.channel.staff !== true ? auditOfEntry(entry, id, columns) : undefined;
  // A booking's guest let in confirms the booking they were invited to (docs/space-booking.md).
  const booking = decision.allowed && !decision.held ? (existing?.space_booking_id ?? null) : null;
  const { photo } = entry;
  const signed = signatures.length > 0;
  const alongside = async (db: ServerContext['db']) => {
    if (photo) await saveVisitPhoto(db, { visitId: id, tenantId: building.tenant_id, content: photo });
    if (notice) await enqueueMail(db, uuidv7(), { ...notice, about: { entity: 'visit', id } });
    if (alert) await enqueueMail(db, uuidv7(), { ...alert, about: { entity: 'visit', id } });
    if (booking) await confirmByArrival(db, booking, entry.at);
    if (signed) await writeSignatures(db, entry, id, signerKeyOfEntry(entry, who), signatures);
  };
  if (deferred && !existing) {
    if (deferred.personIn(who.person)) return 'alreadyIn';
    deferred.add({ row: newVisit, guard, alongside, audit: audited });
    return { saved: null, identifiers, created: true };
  }
  const saved =
    notice || alert || audited || booking || photo || signed
      ? await inTransaction(ctx, async (trx) => {
          const visit = await write(trx);
          if (visit) await alongside(trx);
          if (visit && audited) await audit(trx, audited.actor, audited.entry);
          return visit;
        })
      : await write(ctx.db);
  if (saved) return { saved, identifiers, created: existing === undefined };
  // Refused: the person is already in, or the building changed since it was read.
  if (await personIsIn(ctx.db, building.id, who.person)) return 'alreadyIn';
  ctx.checkInConfigs.drop(body.qrCodeKey);
  return undefined;
}

/**
 * The audit row of a check-in on a public channel, the channel as the actor (a kiosk or the
 * visitor's phone, with its device): who, let in or refused, when; never answers or measures.
 */
function auditOfEntry(
  entry: Entry,
  visitId: string,
  columns: ReturnType<typeof visitColumns>,
): { actor: AuditActor; entry: AuditEntry } {
  const { channel, building, body, existing } = entry;
  // A kiosk's credential was checked with the channel: its device id is the kiosk's.
  const kioskId = channel.fromKiosk ? parseKioskCredential(channel.credential)?.deviceId : undefined;
  const deviceId = channel.verifiedKiosk?.deviceId ?? kioskId ?? body.deviceId;
  const actor = channelActor(channel.fromKiosk ? 'KIOSK' : 'OWN_DEVICE', { clientIp: channel.clientIp, deviceId });
  const change: AuditEntry = {
    tenantId: building.tenant_id,
    action: columns.watchlist_entry_id
      ? 'WATCHLIST_MATCHED'
      : columns.allowed
        ? 'MEETING_CHECKED_IN'
        : 'MEETING_CHECK_IN_REFUSED',
    entity: 'visit',
    entityId: visitId,
    after: {
      buildingId: building.id,
      visitorType: columns.visitor_type,
      personId: columns.person_id,
      firstName: columns.first_name,
      lastName: columns.last_name,
      checkedInAt: columns.checked_in_at ? columns.checked_in_at.toISOString() : null,
      allowed: columns.allowed,
      refusal: columns.refusal_reason,
      source: columns.source,
      ...(columns.watchlist_entry_id
        ? { watchlistEntryId: columns.watchlist_entry_id, held: columns.watch_hold === 'HELD' }
        : {}),
      ...(existing ? { checkedInAgain: existing.checked_out_at !== null } : {}),
    },
  };
  return { actor, entry: change };
}

/** The visit's signatures, written with it. */
function writeSignatures(
  db: ServerContext['db'],
  entry: Entry,
  visitId: string,
  signerKey: string,
  signatures: readonly AcceptedSignature[],
) {
  return insertSignatures(
    db,
    signatures.map((signature) => ({
      id: uuidv7(),
      tenant_id: entry.building.tenant_id,
      building_id: entry.building.id,
      visit_id: visitId,
      document_id: signature.documentId,
      version_id: signature.versionId,
      signed_at: signature.signedAt,
      method: signature.method,
      typed_name: signature.typedName,
      image: signature.image,
      signer_key: signerKey,
    })),
  );
}

/** The notice: the e-mail-me copy of a visitor let in (their code, PIN and check-out link), or none. */
function noticeOf(ctx: ServerContext, entry: Entry, who: EntryPerson, decision: EntryVerdict, identifiers: Codes) {
  if (!decision.allowed || decision.held || !decision.emailMe) return undefined;
  return checkInCopyMail(ctx, entry.channel, {
    building: entry.building,
    settings: entry.settings,
    to: decision.emailMe,
    name: who.person.firstName,
    identifiers,
    at: entry.at,
  });
}

/**
 * The watchlist's alert to the building's security contacts (docs/watchlist.md, "Alerts"): every
 * check-in that matched the watchlist, held or refused, on any channel judged; none when the
 * building names no contact.
 */
function alertOf(ctx: ServerContext, entry: Entry, decision: EntryVerdict, columns: ReturnType<typeof visitColumns>) {
  if (decision.watchlistKind === null) return undefined;
  const { building, settings, channel } = entry;
  return watchlistAlertMail({
    building: { tenantId: building.tenant_id, name: building.name },
    settings,
    // The visit's own name and company, as the entry log shows them.
    visitor: { firstName: columns.first_name, lastName: columns.last_name, companyName: columns.company_name },
    outcome: decision.held ? 'HELD' : 'REFUSED',
    kind: decision.watchlistKind,
    queued: decision.held && entry.timing.queued === true && channel.fromKiosk,
    at: entry.at,
    entryLogUrl: `${(ctx.config.publicUrl ?? channel.origin).replace(/\/$/, '')}/check-in-out`,
  });
}

/** Runs `work` in a transaction, or in the caller's when `ctx.db` already is one (kiosk sync). */
function inTransaction<T>(ctx: ServerContext, work: (db: ServerContext['db']) => Promise<T>): Promise<T> {
  return ctx.db.isTransaction ? work(ctx.db) : ctx.db.transaction().execute(work);
}

/**
 * New codes for a visit: the kiosk's own when it made some and no other visit has them (a pushed
 * batch read which are taken at once).
 */
async function freshCodes(ctx: ServerContext, offered: VisitCodes | undefined, batch?: DeferredVisits): Promise<Codes> {
  const taken =
    offered &&
    (batch ? batch.codesTaken(offered) : await visitCodesTaken(ctx.db, offered.identifier, offered.publicIdentifier));
  const codes = offered && !taken ? offered : newVisitCodes();
  return { identifier: codes.identifier, public_identifier: codes.publicIdentifier, pin: codes.pin };
}

/** The answer: let in (the visit's codes, the building's success text) or refused (its failure text). */
function outcomeOf(entry: Entry, decision: EntryVerdict, written: Written): CheckInOutcome {
  const { settings, building, channel } = entry;
  // Let in now: allowed and not held by the watchlist.
  const allowed = decision.allowed && !decision.held;
  const { identifiers } = written;
  const message = decision.held
    ? translate(channel.locale, 'publicVisit.watchlist.held')
    : decision.refusal === 'WATCHLIST'
      ? translate(channel.locale, 'publicVisit.watchlist.denied')
      : allowed
        ? settings.successFormText
        : settings.failureFormText;
  const row =
    entry.timing.withSummary === false || written.saved === null
      ? undefined
      : { ...written.saved, building_name: building.name, time_zone: settings.timeZoneId };
  return {
    status: 200,
    created: written.created,
    body: {
      allowed,
      checkIn: allowed,
      meetingIdentifier: allowed ? identifiers.identifier : null,
      publicIdentifier: allowed ? identifiers.public_identifier : null,
      pin: allowed ? identifiers.pin : null,
      flagged: decision.flagged,
      refusal: decision.refusal,
      held: decision.held,
      message,
      entryLogItem: row && allowed ? toVisitSummary(row, settings.timeZoneId) : null,
    },
  };
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
      held: false,
      message: translate(locale, 'errors.CHECKEDIN'),
      entryLogItem: null,
      errorCode: 'CHECKEDIN',
    },
  };
}
