import {
  type Locale,
  SUBJECT_SEARCH_LIMIT,
  type SubjectErased,
  type SubjectExport,
  type SubjectSearchResult,
  type SubjectSelection,
} from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import { strToU8, zipSync } from 'fflate';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import {
  type SubjectMatch,
  eraseSubject,
  findSubjectGuests,
  findSubjectPeople,
  findSubjectVisits,
  findTenantName,
  foldWord,
  searchSubjectGuests,
  searchSubjectPeople,
  searchSubjectVisits,
} from './subjects.repo.ts';
import { findVisitorData } from './visitorData.repo.ts';
import { stateOf } from '../visits/visit.dto.ts';
import { escapeHtml, htmlPage, toVisitorData, visitSectionsHtml } from './visitorData.service.ts';

// A data-protection officer's requests about one person (docs/privacy.md, "Requests about a
// person"): search, export (one ZIP: the data as JSON and a readable summary) and erasure, each
// of exactly the records the officer chose; exports and erasures are audited with their counts,
// never with what they held.

/** What a search text looks for: an e-mail (it has an @), a phone (digits and signs, 6 digits or more), else a name's words. */
export function subjectMatch(text: string): SubjectMatch {
  const trimmed = text.trim();
  if (trimmed.includes('@')) return { kind: 'email', email: trimmed.toLowerCase() };
  const digits = trimmed.replace(/\D/g, '');
  if (/^[\d\s+().\-/]+$/.test(trimmed) && digits.length >= 6) return { kind: 'phone', digits };
  return { kind: 'name', words: trimmed.split(/\s+/).map(foldWord) };
}

const iso = (value: Date) => value.toISOString();

export async function searchSubjects(ctx: ServerContext, tenantId: string, text: string): Promise<SubjectSearchResult> {
  const match = subjectMatch(text);
  const limit = SUBJECT_SEARCH_LIMIT + 1;
  const [visits, people, guests] = await Promise.all([
    searchSubjectVisits(ctx.db, tenantId, match, limit),
    searchSubjectPeople(ctx.db, tenantId, match, limit),
    searchSubjectGuests(ctx.db, tenantId, match, limit),
  ]);
  return {
    matchedBy: match.kind,
    truncated: [visits, people, guests].some((rows) => rows.length > SUBJECT_SEARCH_LIMIT),
    visits: visits.slice(0, SUBJECT_SEARCH_LIMIT).map((row) => ({
      id: row.id,
      buildingName: row.building_name,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      companyName: row.company_name,
      state: stateOf(row),
      at: iso(row.at),
    })),
    people: people.slice(0, SUBJECT_SEARCH_LIMIT).map(personOf),
    guests: guests.slice(0, SUBJECT_SEARCH_LIMIT).map((row) => ({
      seriesId: row.series_id,
      position: row.position,
      booking: row.title,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
    })),
  };
}

type PersonRow = Awaited<ReturnType<typeof findSubjectPeople>>[number];

function personOf(row: PersonRow) {
  return {
    id: row.id,
    buildingName: row.building_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    companyName: row.company_name,
    deactivated: row.deactivated,
  };
}

/** The chosen records, every one of the company and still holding data; NOT_FOUND otherwise. */
async function chosenRecords(ctx: ServerContext, tenantId: string, selection: SubjectSelection) {
  const unique = <T>(values: readonly T[], key: (value: T) => string) => [
    ...new Map(values.map((value) => [key(value), value])).values(),
  ];
  const visitIds = unique(selection.visitIds, (id) => id);
  const personIds = unique(selection.personIds, (id) => id);
  const guestKeys = unique(selection.guests, (guest) => `${guest.seriesId}|${guest.position}`);
  const [visits, people, guests] = await Promise.all([
    visitIds.length > 0 ? findSubjectVisits(ctx.db, tenantId, visitIds) : [],
    personIds.length > 0 ? findSubjectPeople(ctx.db, tenantId, personIds) : [],
    guestKeys.length > 0 ? findSubjectGuests(ctx.db, tenantId, guestKeys) : [],
  ]);
  const held = visits.filter((visit) => visit.anonymised_at === null);
  if (held.length !== visitIds.length || people.length !== personIds.length || guests.length !== guestKeys.length) {
    throw notFound();
  }
  return { visits: held, people, guests };
}

/** Everything about the chosen records, as the export's JSON holds it. */
async function subjectExport(
  ctx: ServerContext,
  tenantId: string,
  selection: SubjectSelection,
  now: Date,
): Promise<SubjectExport> {
  const records = await chosenRecords(ctx, tenantId, selection);
  const visits = [];
  // One visit at a time: an export is rare, and a person's visits few enough.
  for (const { id } of records.visits) {
    const rows = await findVisitorData(ctx.db, { id, tenantId });
    if (!rows) throw notFound();
    const state = stateOf(rows.visit);
    visits.push({ id, state, ...toVisitorData(rows) });
  }
  return {
    company: (await findTenantName(ctx.db, tenantId)) ?? '',
    exportedAt: iso(now),
    visits,
    people: records.people.map((row) => ({
      ...personOf(row),
      department: row.department,
      jobTitle: row.job_title,
      externalId: row.external_id,
      visitorType: row.visitor_type,
      locale: row.locale,
      validFrom: row.valid_from,
      validTo: row.valid_to,
      createdAt: iso(row.created_at),
    })),
    guests: records.guests.map((row) => ({
      seriesId: row.series_id,
      position: row.position,
      booking: row.title,
      buildingName: row.building_name,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      role: row.role,
    })),
  };
}

/** The readable summary: the people, the bookings, then each visit as its visitor would see it. */
function summaryHtml(data: SubjectExport, locale: Locale): string {
  const t = (key: string, params?: Record<string, string | number>) =>
    escapeHtml(translate(locale, `privacy.subjects.summary.${key}`, params));
  const field = (key: string) => escapeHtml(translate(locale, `publicVisit.myData.fields.${key}`));
  const text = (value: string | null) => escapeHtml(value ?? '');
  const rows = (pairs: [string, string][]) =>
    `<dl>${pairs
      .filter(([, value]) => value !== '')
      .map(([label, value]) => `<dt>${label}</dt><dd>${value}</dd>`)
      .join('')}</dl>`;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const people = data.people
    .map(
      (person) =>
        `<h3>${text(`${person.firstName} ${person.lastName}`)}</h3>${rows([
          [field('building'), text(person.buildingName)],
          [field('email'), text(person.email)],
          [field('phone'), text(person.phone)],
          [t('fields.companyName'), text(person.companyName)],
          [t('fields.department'), text(person.department)],
          [t('fields.jobTitle'), text(person.jobTitle)],
          [t('fields.externalId'), text(person.externalId)],
          [t('fields.validFrom'), text(person.validFrom)],
          [t('fields.validTo'), text(person.validTo)],
          [t('fields.deactivated'), person.deactivated ? t('yes') : ''],
          [t('fields.createdAt'), escapeHtml(`${when.format(new Date(person.createdAt))} UTC`)],
        ])}`,
    )
    .join('');
  const guests = data.guests
    .map(
      (guest) =>
        `<tr><td>${text(guest.booking)}</td><td>${text(guest.buildingName)}</td><td>${text(
          `${guest.firstName} ${guest.lastName}`,
        )}</td><td>${text(guest.email)}</td><td>${text(guest.role)}</td></tr>`,
    )
    .join('');
  const visits = data.visits
    .map((visit) => {
      const at = visit.checkedInAt ?? visit.scheduledAt ?? visit.cancelledAt;
      const day = at
        ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: visit.building.timeZoneId }).format(
            new Date(at),
          )
        : '';
      return `<article><h3>${t('visitTitle', { building: visit.building.name, date: day })}</h3>${visitSectionsHtml(visit, locale, 4)}</article>`;
    })
    .join('');
  const none = `<p>${t('none')}</p>`;
  const title = t('title');
  return htmlPage(
    locale,
    title,
    `<h1>${title}</h1>
<p>${t('intro', {
      company: data.company,
      date: `${when.format(new Date(data.exportedAt))} UTC`,
      visits: data.visits.length,
      people: data.people.length,
      guests: data.guests.length,
    })}</p>
<section><h2>${t('people')}</h2>${people || none}</section>
<section><h2>${t('guests')}</h2>${
      guests
        ? `<table><thead><tr><th scope="col">${t('fields.booking')}</th><th scope="col">${field('building')}</th><th scope="col">${t('fields.name')}</th><th scope="col">${field('email')}</th><th scope="col">${t('fields.role')}</th></tr></thead><tbody>${guests}</tbody></table>`
        : none
    }</section>
<section><h2>${t('visits')}</h2>${visits || none}</section>`,
  );
}

/** The export as one ZIP archive (data.json and summary.html), audited with its counts. */
export async function exportSubject(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  selection: SubjectSelection,
  locale: Locale,
  now: Date,
): Promise<Uint8Array> {
  const data = await subjectExport(ctx, tenantId, selection, now);
  const archive = zipSync(
    {
      'data.json': strToU8(JSON.stringify(data, null, 2)),
      'summary.html': strToU8(summaryHtml(data, locale)),
    },
    { mtime: now },
  );
  await audit(ctx.db, actor, {
    tenantId,
    action: 'SUBJECT_DATA_EXPORTED',
    entity: 'tenant',
    entityId: tenantId,
    after: { visits: data.visits.length, people: data.people.length, guests: data.guests.length },
  });
  return archive;
}

/**
 * Erases the chosen records at once: visits anonymised (an expected one cancelled first), people
 * and booking guests removed, mails to their addresses deleted. A visitor still on site is not
 * erased (the evacuation list needs them): MEETING_NOT_CHECKED_OUT, and nothing changes.
 */
export async function eraseSubjectData(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  selection: SubjectSelection,
  now: Date,
): Promise<SubjectErased> {
  const records = await chosenRecords(ctx, tenantId, selection);
  const states = records.visits.map((visit) => ({
    id: visit.id,
    state: stateOf(visit),
  }));
  if (states.some((visit) => visit.state === 'IN')) throw new AppError('MEETING_NOT_CHECKED_OUT');
  const emails = [
    ...new Set(
      [
        ...records.visits.map((visit) => visit.email),
        ...records.people.map((person) => person.email),
        ...records.guests.map((guest) => guest.email),
      ]
        .map((email) => (email ?? '').trim().toLowerCase())
        .filter((email) => email !== ''),
    ),
  ];
  const erased = { visits: records.visits.length, people: records.people.length, guests: records.guests.length };
  await ctx.db.transaction().execute(async (trx) => {
    await eraseSubject(trx, {
      tenantId,
      visitIds: states.map((visit) => visit.id),
      expectedIds: states.filter((visit) => visit.state === 'INVITED').map((visit) => visit.id),
      personIds: records.people.map((person) => person.id),
      guests: records.guests.map((guest) => ({ seriesId: guest.series_id, position: guest.position })),
      emails,
      now,
    });
    await audit(trx, actor, {
      tenantId,
      action: 'SUBJECT_DATA_ERASED',
      entity: 'tenant',
      entityId: tenantId,
      after: erased,
    });
  });
  return erased;
}
