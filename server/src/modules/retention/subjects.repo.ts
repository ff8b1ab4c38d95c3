import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/likePattern.ts';
import { anonymise, anyOf, anyText, eraseFromAudit } from './retention.repo.ts';

// A data-protection officer's requests about one person (docs/privacy.md, "Requests about a
// person"): what a company holds about them, found by e-mail, phone or name in its visits (and
// invitations), its directory and its bookings' guest lists, then read in full or erased.

/** What a search looks for, normalised by the service. */
export type SubjectMatch =
  { kind: 'email'; email: string } | { kind: 'phone'; digits: string } | { kind: 'name'; words: readonly string[] };

const accented = 'àáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōùúûüūýÿžźżšśłđ';
const plain = 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzzssld';

/** A column lower-cased without its accents: how a name is compared (words from `foldWord`). */
const folded = (expression: Expression<string | null>) =>
  sql<string>`translate(lower(${expression}), ${accented}, ${plain})`;

/** A word lower-cased without its accents, as `folded` makes the column it is looked for in. */
export function foldWord(word: string): string {
  return [...word.toLowerCase()].map((char) => plain[accented.indexOf(char)] ?? char).join('');
}

/** A phone's digits; two numbers match by their last 9 (a national 0 and a +33 alike). */
const phoneDigits = (column: Expression<string | null>) =>
  sql<string>`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;
export const PHONE_DIGITS_COMPARED = 9;

function matches(
  match: SubjectMatch,
  columns: { email: string; phone: string | null; firstName: string; lastName: string },
): Expression<SqlBool> {
  switch (match.kind) {
    case 'email':
      return sql<SqlBool>`lower(btrim(${sql.ref(columns.email)})) = ${match.email}`;
    case 'phone':
      if (columns.phone === null) return sql<SqlBool>`false`;
      return sql<SqlBool>`right(${phoneDigits(sql.ref(columns.phone))}, ${PHONE_DIGITS_COMPARED}) = ${match.digits.slice(-PHONE_DIGITS_COMPARED)}
        and length(${phoneDigits(sql.ref(columns.phone))}) >= ${Math.min(match.digits.length, PHONE_DIGITS_COMPARED)}`;
    case 'name': {
      const name = folded(
        sql`coalesce(${sql.ref(columns.firstName)}, '') || ' ' || coalesce(${sql.ref(columns.lastName)}, '')`,
      );
      return sql<SqlBool>`(${sql.join(
        match.words.map((word) => sql`${name} like ${containsPattern(word)}`),
        sql` and `,
      )})`;
    }
  }
}

export async function searchSubjectVisits(db: Db, tenantId: string, match: SubjectMatch, limit: number) {
  return db
    .selectFrom('visits')
    .innerJoin('buildings', 'buildings.id', 'visits.building_id')
    .select([
      'visits.id',
      'buildings.name as building_name',
      'visits.first_name',
      'visits.last_name',
      'visits.email',
      'visits.phone',
      'visits.company_name',
      'visits.checked_in_at',
      'visits.checked_out_at',
      'visits.cancelled_at',
      'visits.allowed',
      sql<Date>`coalesce(visits.checked_in_at, visits.scheduled_at, visits.created_at)`.as('at'),
    ])
    .where('visits.tenant_id', '=', tenantId)
    .where('visits.anonymised_at', 'is', null)
    .where(
      matches(match, {
        email: 'visits.email',
        phone: 'visits.phone',
        firstName: 'visits.first_name',
        lastName: 'visits.last_name',
      }),
    )
    .orderBy('at', 'desc')
    .orderBy('visits.id')
    .limit(limit)
    .execute();
}

const personColumns = [
  'people.id',
  'buildings.name as building_name',
  'people.first_name',
  'people.last_name',
  'people.email',
  'people.phone',
  'people.company_name',
  'people.deactivated',
  'people.department',
  'people.job_title',
  'people.external_id',
  'people.visitor_type',
  'people.locale',
  'people.valid_from',
  'people.valid_to',
  'people.created_at',
] as const;

function peopleOf(db: Db, tenantId: string) {
  return db
    .selectFrom('people')
    .innerJoin('buildings', 'buildings.id', 'people.building_id')
    .select(personColumns)
    .where('people.tenant_id', '=', tenantId)
    .orderBy('people.last_name')
    .orderBy('people.first_name')
    .orderBy('people.id');
}

export function searchSubjectPeople(db: Db, tenantId: string, match: SubjectMatch, limit: number) {
  return peopleOf(db, tenantId)
    .where(
      matches(match, {
        email: 'people.email',
        phone: 'people.phone',
        firstName: 'people.first_name',
        lastName: 'people.last_name',
      }),
    )
    .limit(limit)
    .execute();
}

export function findSubjectPeople(db: Db, tenantId: string, ids: readonly string[]) {
  return peopleOf(db, tenantId).where(anyOf('people.id', ids)).execute();
}

function guestsOf(db: Db, tenantId: string) {
  return db
    .selectFrom('space_booking_attendees as guest')
    .innerJoin('space_booking_series as series', 'series.id', 'guest.series_id')
    .leftJoin('spaces', 'spaces.id', 'series.space_id')
    .leftJoin('floors', 'floors.id', 'spaces.floor_id')
    .leftJoin('buildings', 'buildings.id', 'floors.building_id')
    .select([
      'guest.series_id',
      'guest.position',
      'guest.first_name',
      'guest.last_name',
      'guest.email',
      'guest.role',
      'series.title',
      'buildings.name as building_name',
    ])
    .where('series.tenant_id', '=', tenantId)
    .orderBy('series.created_at', 'desc')
    .orderBy('guest.series_id')
    .orderBy('guest.position');
}

export function searchSubjectGuests(db: Db, tenantId: string, match: SubjectMatch, limit: number) {
  return guestsOf(db, tenantId)
    .where(
      matches(match, {
        email: 'guest.email',
        phone: null,
        firstName: 'guest.first_name',
        lastName: 'guest.last_name',
      }),
    )
    .limit(limit)
    .execute();
}

export interface GuestKey {
  seriesId: string;
  position: number;
}

const guestKeys = (keys: readonly GuestKey[]) =>
  sql<SqlBool>`(guest.series_id, guest.position) in (select * from unnest(${keys.map((key) => key.seriesId)}::uuid[], ${keys.map((key) => key.position)}::int[]))`;

export function findSubjectGuests(db: Db, tenantId: string, keys: readonly GuestKey[]) {
  return guestsOf(db, tenantId).where(guestKeys(keys)).execute();
}

/** The company's visits among `ids`, with what erasing them depends on (on site, expected). */
export function findSubjectVisits(db: Db, tenantId: string, ids: readonly string[]) {
  return db
    .selectFrom('visits')
    .select(['id', 'email', 'checked_in_at', 'checked_out_at', 'cancelled_at', 'allowed', 'anonymised_at'])
    .where('tenant_id', '=', tenantId)
    .where(anyOf('id', ids))
    .execute();
}

/** What a person's audit rows may say of them, taken out with the person. */
const personalPersonKeys = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'companyName',
  'department',
  'jobTitle',
  'externalId',
  'passIdentifier',
];

export interface SubjectErasure {
  tenantId: string;
  /** Visits to anonymise; those in `expected` are cancelled first (nobody comes for them now). */
  visitIds: readonly string[];
  expectedIds: readonly string[];
  personIds: readonly string[];
  guests: readonly GuestKey[];
  /** Every e-mail address erased: the mails to them go too, whatever they were about. */
  emails: readonly string[];
  now: Date;
}

/**
 * Erases the chosen records in one transaction: visits anonymised as by retention (expected ones
 * cancelled first), people deleted (their visits stay, unlinked) with what their audit rows said
 * of them, guests taken off their bookings, and every mail to an erased address, sent or not. The
 * reports' first visits follow the visits by their trigger (a key made of an erased e-mail goes).
 */
export async function eraseSubject(trx: Db, erasure: SubjectErasure): Promise<void> {
  const { tenantId, now } = erasure;
  if (erasure.expectedIds.length > 0) {
    await trx
      .updateTable('visits')
      .set({ cancelled_at: now })
      .where(anyOf('id', erasure.expectedIds))
      .where('cancelled_at', 'is', null)
      .execute();
  }
  if (erasure.visitIds.length > 0) {
    await trx
      .deleteFrom('mail_outbox')
      .where('entity', '=', 'visit')
      .where(anyText('entity_id', erasure.visitIds))
      .execute();
    await anonymise(trx, erasure.visitIds, now);
  }
  if (erasure.personIds.length > 0) {
    await trx.updateTable('visits').set({ person_id: null }).where(anyOf('person_id', erasure.personIds)).execute();
    await trx
      .deleteFrom('mail_outbox')
      .where('entity', '=', 'person')
      .where(anyText('entity_id', erasure.personIds))
      .execute();
    await trx
      .deleteFrom('webhook_deliveries')
      .where('object_type', '=', 'person')
      .where(anyOf('object_id', erasure.personIds))
      .execute();
    await eraseFromAudit(trx, 'person', erasure.personIds, personalPersonKeys);
    await trx.deleteFrom('people').where('tenant_id', '=', tenantId).where(anyOf('id', erasure.personIds)).execute();
  }
  if (erasure.guests.length > 0) {
    await trx.deleteFrom('space_booking_attendees as guest').where(guestKeys(erasure.guests)).execute();
  }
  if (erasure.emails.length > 0) {
    await trx
      .deleteFrom('mail_outbox')
      .where('tenant_id', '=', tenantId)
      .where(sql<SqlBool>`lower(btrim(to_address)) = any(${erasure.emails}::text[])`)
      .execute();
  }
}

export async function findTenantName(db: Db, tenantId: string): Promise<string | undefined> {
  const row = await db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirst();
  return row?.name;
}
