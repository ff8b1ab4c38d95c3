// The entry log's reads: the list, the counters, who waits at the door, meetings.csv, one visit,
// its questionnaires and the host search. Every read is the caller's company and, for supervisors,
// users and space users, their assigned buildings: in SQL for lists, counters and the CSV; by the
// route's ownership check (and `visibleVisit` for ids in a body) for one visit.
import {
  CSV_BOM,
  HELD_VISITS_MAX,
  HOST_SEARCH_LIMIT,
  type HeldVisitList,
  type HostCandidate,
  type Locale,
  type SignedDocument,
  type VisitList,
  type VisitListQuery,
  type VisitQuestionnaires,
  type VisitStats,
  type VisitBadge,
  type VisitDetail,
  badgeLayoutOf,
  badgeValidUntil,
  csvRow,
  isWizardVisitorType,
  visitStatus,
  wizardTypeOfPerson,
} from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import { isAssignedBuilding } from '../../db/ownership.repo.ts';
import { notFound } from '../../errors.ts';
import { settingsOf } from '../buildings/buildingSettings.ts';
import { toVisitSignature } from '../documents/documents.dto.ts';
import {
  findSignature,
  signatureImage,
  signedDocumentsOfVisits,
  visitSignatures,
} from '../documents/documents.repo.ts';
import { linkedQuestionnaires } from '../questionnaires/linkedQuestionnaires.repo.ts';
import { defaultZone, statusFactsOf, toVisitDetail, toVisitListItem, zoneOf } from './visit.dto.ts';
import type { VisitCaller } from './visitCaller.ts';
import { searchHosts } from './hosts.service.ts';
import { findTenantBuilding } from './visitDirectory.repo.ts';
import {
  type Keyset,
  type VisitScope,
  buildingCounters,
  heldTenantVisits,
  listTenantVisits,
  visitsAfter,
} from './visitList.repo.ts';
import { type TenantVisitRow, findTenantVisit } from './visits.repo.ts';
import { csvLocalTime } from './csvLocalTime.ts';
import { findVisitPhoto } from './visitPhoto.repo.ts';

export const scopeOf = (caller: VisitCaller, now = new Date()): VisitScope => ({
  tenantId: caller.tenantId,
  assignedTo: caller.assignedTo,
  now,
  defaultZone,
});

/** A building of the company the caller sees, or 404 (as another company's). */
export async function visibleBuilding(ctx: ServerContext, caller: VisitCaller, buildingId: string) {
  const building = await findTenantBuilding(ctx.db, caller.tenantId, buildingId);
  if (!building) throw notFound();
  if (caller.assignedTo && !(await isAssignedBuilding(ctx.db, caller.assignedTo, buildingId))) throw notFound();
  return building;
}

/** A visit the caller sees (its company, one of their buildings), or 404. */
export async function visibleVisit(ctx: ServerContext, caller: VisitCaller, id: string): Promise<TenantVisitRow> {
  const row = await findTenantVisit(ctx.db, caller.tenantId, id);
  if (!row) throw notFound();
  if (caller.assignedTo && !(await isAssignedBuilding(ctx.db, caller.assignedTo, row.building_id))) throw notFound();
  return row;
}

/**
 * A visit's photo for staff who see the visit (its company, one of their buildings), or 404 when
 * it has none (docs/check-in.md, "The visitor's photo").
 */
export async function visitPhoto(ctx: ServerContext, caller: VisitCaller, id: string): Promise<Buffer> {
  const visit = await visibleVisit(ctx, caller, id);
  const photo = await findVisitPhoto(ctx.db, visit.id);
  if (!photo) throw notFound();
  return photo;
}

/**
 * A visit's badge to print again (docs/badges.md): what it says, read as the kiosk reads it from
 * its own record (valid from the check-in, or the planned time before it; until the planned
 * duration later), with the building's layout and logo. 404 unless the caller sees the visit.
 */
export async function visitBadge(ctx: ServerContext, caller: VisitCaller, id: string): Promise<VisitBadge> {
  const visit = await visibleVisit(ctx, caller, id);
  const building = await findTenantBuilding(ctx.db, caller.tenantId, visit.building_id);
  if (!building) throw notFound();
  const detail = toVisitDetail(visit);
  const validFrom = detail.checkedInAt ?? detail.scheduledAt ?? detail.createdAt;
  return {
    visitId: visit.id,
    content: {
      firstName: detail.firstName ?? '',
      lastName: detail.lastName ?? '',
      companyName: detail.companyName,
      host: detail.host,
      // A badge is a wizard person type's; a type of old records reads as a visitor's.
      visitorType: isWizardVisitorType(detail.visitorType) ? detail.visitorType : 'VISITOR',
      validFrom,
      validUntil: badgeValidUntil(validFrom, detail.scheduledDuration),
      visitCode: detail.identifier,
      buildingName: building.name,
      timeZoneId: detail.timeZoneId,
    },
    layout: badgeLayoutOf(settingsOf(building).badgeLayout),
    buildingId: building.id,
    logoVersion: building.check_in_logo_version,
    hasPhoto: detail.hasPhoto,
  };
}

/** The entry log: filtered, counted (up to a cap) and paged in the database; statuses by the shared rule. */
export async function listVisits(
  ctx: ServerContext,
  caller: VisitCaller,
  query: VisitListQuery,
  now = new Date(),
): Promise<VisitList> {
  const limit = query.limit ?? 50;
  const page = query.page ?? 1;
  const { rows, total, capped } = await listTenantVisits(ctx.db, scopeOf(caller, now), query, {
    offset: (page - 1) * limit,
    limit,
  });
  return { docs: rows.map((row) => toVisitListItem(row, now)), totalDocs: total, totalCapped: capped };
}

/**
 * Who waits at the door for staff (the watchlist held them, docs/watchlist.md) in the buildings
 * the caller sees, whatever the entry log's filters: its banner. Read from the primary, as it
 * follows a check-in made a moment ago.
 */
export async function heldVisits(ctx: ServerContext, caller: VisitCaller, now = new Date()): Promise<HeldVisitList> {
  const rows = await heldTenantVisits(ctx.db, scopeOf(caller, now), HELD_VISITS_MAX);
  return {
    docs: rows.map((row) => ({ ...toVisitListItem(row, now), heldSince: new Date(row.held_since).toISOString() })),
  };
}

export async function visitDetail(ctx: ServerContext, caller: VisitCaller, id: string): Promise<VisitDetail> {
  const visit = await visibleVisit(ctx, caller, id);
  const signatures = (await visitSignatures(ctx.db, id)).map(toVisitSignature);
  return { ...toVisitDetail(visit), signatures };
}

/**
 * A visit's signed document, for the "view or print" screen: the text of the version signed, the
 * signature and who signed; 404 unless the caller sees its visit, as GET /meeting/:id
 * (docs/check-in.md, "Signed documents").
 */
export async function visitSignedDocument(
  ctx: ServerContext,
  caller: VisitCaller,
  signatureId: string,
): Promise<SignedDocument> {
  const row = await findSignature(ctx.db, signatureId);
  if (!row) throw notFound();
  const visit = await visibleVisit(ctx, caller, row.visit_id);
  return {
    ...toVisitSignature(row),
    body: row.body,
    visitId: visit.id,
    firstName: visit.first_name,
    lastName: visit.last_name,
    companyName: visit.company_name,
    buildingName: visit.building_name,
    timeZoneId: zoneOf(visit),
  };
}

/** A visit's drawn signature (PNG bytes) the caller sees the visit of; 404 for a typed one. */
export async function visitSignatureImagePng(
  ctx: ServerContext,
  caller: VisitCaller,
  signatureId: string,
): Promise<Buffer> {
  const signature = await signatureImage(ctx.db, signatureId);
  if (!signature) throw notFound();
  await visibleVisit(ctx, caller, signature.visit_id);
  if (!signature.image) throw notFound();
  return signature.image;
}

/** A building's counters on its own day (its time zone). */
export async function visitStats(
  ctx: ServerContext,
  caller: VisitCaller,
  buildingId: string,
  now = new Date(),
): Promise<VisitStats> {
  const building = await visibleBuilding(ctx, caller, buildingId);
  const timeZoneId = settingsOf(building).timeZoneId || defaultZone;
  return { buildingId, timeZoneId, ...(await buildingCounters(ctx.db, scopeOf(caller, now), buildingId)) };
}

/** Rows of meetings.csv fetched at a time: memory stays the same whatever the file's length. */
const CSV_BATCH = 1_000;

const csvColumns = [
  'identifier',
  'firstName',
  'lastName',
  'email',
  'phone',
  'companyName',
  'visitorType',
  'host',
  'building',
  'status',
  'scheduledAt',
  'scheduledDuration',
  'checkedInAt',
  'checkedOutAt',
  'checkoutMethod',
  'timeZone',
  'allowed',
  'refusal',
  'tempMeasure1',
  'tempMeasure2',
  'comments',
  'source',
  'createdAt',
  'signedDocuments',
] as const;

/**
 * meetings.csv with the list's filters and order, walked by keyset a batch at a time (rows added
 * meanwhile neither repeat nor push others out); times in each building's zone, named in a column;
 * headings in the caller's language; formula-looking cells made inert by the shared writer.
 */
export async function* visitsCsv(
  ctx: ServerContext,
  caller: VisitCaller,
  query: Omit<VisitListQuery, 'page' | 'limit'>,
  locale: Locale,
  now = new Date(),
): AsyncGenerator<string> {
  const t = (key: string) => translate(locale, `csv.meetings.${key}`);
  yield CSV_BOM + csvRow(csvColumns.map(t));
  const scope = scopeOf(caller, now);
  let after: Keyset | null = null;
  for (;;) {
    const rows = await visitsAfter(ctx.db, scope, query, after, CSV_BATCH);
    // The documents each visit signed (docs/check-in.md, "Signed documents"), read once per batch.
    const signed = await signedDocumentsOfVisits(
      ctx.db,
      rows.map((row) => row.id),
    );
    let chunk = '';
    for (const row of rows) {
      const zone = zoneOf(row);
      const times = statusFactsOf(row);
      chunk += csvRow([
        row.identifier,
        row.first_name,
        row.last_name,
        row.email,
        row.phone,
        row.company_name,
        row.visitor_type,
        row.host,
        row.building_name,
        visitStatus(times, now, zone),
        csvLocalTime(row.scheduled_at, zone),
        row.scheduled_duration,
        csvLocalTime(row.checked_in_at, zone),
        csvLocalTime(row.checked_out_at, zone),
        row.checkout_method,
        zone,
        row.allowed ? t('yes') : t('no'),
        row.refusal_reason,
        row.temp_measure1,
        row.temp_measure2,
        row.comments,
        row.source,
        csvLocalTime(row.created_at, zone),
        (signed.get(row.id) ?? []).join('; '),
      ]);
    }
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < CSV_BATCH) return;
    after = { value: last.sort_value, id: last.id };
  }
}

/**
 * The building's hosts whose first or last name starts with `name` (no name: the first ones), for
 * the desk's dialogs (an invitation, a check-in): names and departments, never an e-mail or a phone.
 */
export async function hostsOfBuilding(
  ctx: ServerContext,
  caller: VisitCaller,
  buildingId: string,
  name: string | undefined,
  limit = HOST_SEARCH_LIMIT,
): Promise<{ docs: HostCandidate[] }> {
  const building = await visibleBuilding(ctx, caller, buildingId);
  return { docs: await searchHosts(ctx, building, name, limit, { firstOnEmpty: true }) };
}

/** A visit's entry or exit questionnaires (its building's, for its person type, as they are now) and its answers. */
export async function visitQuestionnaires(
  ctx: ServerContext,
  caller: VisitCaller,
  id: string,
  kind: 'ENTRY' | 'EXIT',
): Promise<VisitQuestionnaires> {
  const visit = await visibleVisit(ctx, caller, id);
  const questionnaires = await linkedQuestionnaires(
    ctx.db,
    visit.building_id,
    kind,
    wizardTypeOfPerson(visit.visitor_type),
  );
  return {
    questionnaires,
    answers: kind === 'ENTRY' ? visit.questionnaires_answers : visit.exit_questionnaires_answers,
  };
}
