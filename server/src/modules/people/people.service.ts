// The people directory: a company's regulars, each of one building, with an access pass (a
// random identifier its QR code encodes) and an optional personal PIN, stored hashed.
// Supervisors and users see the people of their assigned buildings only (the list here, one
// person through the route's ownership check). Every change is audited in its transaction;
// the audit rows never hold the PIN, its hash or the pass identifier. A person's pass is
// personPass.service.ts; the people.csv file, peopleCsv.service.ts.
import {
  LIST_COUNT_CAP,
  type PeopleList,
  type PeopleListQuery,
  type Person,
  type PersonInput,
  type PersonStats,
  type PersonUpdate,
  newBuildingSettings,
  smsChoiceProblem,
  uuidv7,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { isAssignedBuilding } from '../../db/ownership.repo.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit, changedFields } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/password.ts';
import { newPassIdentifier } from './peoplePass.ts';
import {
  type NewPersonRow,
  PEOPLE_EXTERNAL_ID_UNIQUE,
  type PeopleFilter,
  type PeopleScope,
  type PersonChanges,
  type PersonRow,
  deletePerson,
  findPerson,
  findTenantBuilding,
  insertPerson,
  listPeople,
  personStats,
  updatePerson,
} from './people.repo.ts';

/** A building without a time zone of its own reads as the new-building default. */
const defaultZone = newBuildingSettings().timeZoneId;

/** Who asks: their company, and the user whose assigned buildings limit what they see (if any). */
export interface PeopleCaller {
  tenantId: string;
  /** Set for supervisors and users (assignedBuildingsOf); undefined for who sees the whole company. */
  assignedTo: string | undefined;
}

export const scopeOf = (caller: PeopleCaller, now = new Date()): PeopleScope => ({
  tenantId: caller.tenantId,
  assignedTo: caller.assignedTo,
  now,
  defaultZone,
});

export const isoOf = (value: Date | string) => new Date(value).toISOString();

export function toPerson(row: PersonRow): Person {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    visitorType: row.visitor_type,
    externalId: row.external_id,
    jobTitle: row.job_title,
    department: row.department,
    companyName: row.company_name,
    defaultDuration: row.default_duration,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    locale: row.locale,
    hostNotice: row.host_notice,
    hasPin: row.has_pin,
    deactivated: row.deactivated,
    building: { id: row.building_id, name: row.building_name },
    status: row.status,
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
  };
}

/** What the audit log keeps of a person: never the PIN, its hash or the pass identifier. */
function audited(row: PersonRow) {
  const {
    id: _id,
    hasPin: _hasPin,
    status: _status,
    createdAt: _created,
    updatedAt: _updated,
    building,
    ...fields
  } = toPerson(row);
  return { ...fields, buildingId: building.id };
}

/** Runs `work`; the unique index refusing the external id means the company already has it. */
async function refusingTakenExternalId<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === PEOPLE_EXTERNAL_ID_UNIQUE)
      throw new AppError('PEOPLE_DUPLICATED_EXTERNAL_ID');
    throw error;
  }
}

/** A building of the company the caller sees, or 404 (as another company's). */
async function visibleBuilding(ctx: ServerContext, caller: PeopleCaller, buildingId: string) {
  const building = await findTenantBuilding(ctx.db, caller.tenantId, buildingId);
  if (!building) throw notFound();
  if (caller.assignedTo && !(await isAssignedBuilding(ctx.db, caller.assignedTo, buildingId))) throw notFound();
  return building;
}

/** One person the caller sees, or 404. */
export async function personOf(ctx: ServerContext, caller: PeopleCaller, id: string, now?: Date): Promise<PersonRow> {
  const row = await findPerson(ctx.db, scopeOf(caller, now), id);
  if (!row) throw notFound();
  if (caller.assignedTo && !(await isAssignedBuilding(ctx.db, caller.assignedTo, row.building_id))) throw notFound();
  return row;
}

/** The rules across fields, on the person as they will be (a change may touch one side only). */
function checkRules(person: {
  visitor_type: string;
  default_duration: number | null;
  valid_from: string | null;
  valid_to: string | null;
  host_notice: string;
  phone: string | null;
}): void {
  if (person.visitor_type === 'EMPLOYEE' && person.default_duration === null)
    throw new AppError('PEOPLE_DEFAULT_DURATION_REQUIRED', { field: 'defaultDuration' });
  if (person.valid_from && person.valid_to && person.valid_to < person.valid_from)
    throw new AppError('PEOPLE_VALID_TO_BEFORE_VALID_FROM', { field: 'validTo' });
  // Told by SMS needs a mobile number (docs/host-notifications.md).
  const smsProblem = smsChoiceProblem(person.host_notice, person.phone);
  if (smsProblem) throw new AppError(smsProblem, { field: 'phone' });
}

export async function onePerson(ctx: ServerContext, caller: PeopleCaller, id: string): Promise<Person> {
  return toPerson(await personOf(ctx, caller, id));
}

export async function peoplePage(
  ctx: ServerContext,
  caller: PeopleCaller,
  query: PeopleListQuery,
): Promise<PeopleList> {
  const limit = query.limit ?? 20;
  const page = query.page ?? 1;
  const { rows, total } = await listPeople(ctx.db, scopeOf(caller), filterOf(query), {
    offset: (page - 1) * limit,
    limit,
    countCap: LIST_COUNT_CAP,
  });
  return { docs: rows.map(toPerson), totalDocs: total, totalCapped: total > LIST_COUNT_CAP };
}

export function filterOf(query: PeopleFilter): PeopleFilter {
  return { ...query, search: query.search || undefined };
}

export async function createPerson(
  ctx: ServerContext,
  actor: AuditActor,
  caller: PeopleCaller,
  input: PersonInput,
): Promise<Person> {
  await visibleBuilding(ctx, caller, input.buildingId);
  const row: NewPersonRow = {
    id: uuidv7(),
    tenant_id: caller.tenantId,
    building_id: input.buildingId,
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email ?? null,
    phone: input.phone ?? null,
    visitor_type: input.visitorType,
    external_id: input.externalId ?? null,
    job_title: input.jobTitle ?? null,
    department: input.department ?? null,
    company_name: input.companyName ?? null,
    default_duration: input.defaultDuration ?? null,
    valid_from: input.validFrom ?? null,
    valid_to: input.validTo ?? null,
    locale: input.locale ?? 'en',
    host_notice: input.hostNotice ?? 'EMAIL',
    pin_hash: input.pinCode ? await hashPassword(input.pinCode) : null,
    pass_identifier: newPassIdentifier(),
    deactivated: input.deactivated ?? false,
  };
  checkRules({
    visitor_type: row.visitor_type,
    default_duration: row.default_duration ?? null,
    valid_from: row.valid_from ?? null,
    valid_to: row.valid_to ?? null,
    host_notice: row.host_notice ?? 'EMAIL',
    phone: row.phone ?? null,
  });
  const created = await refusingTakenExternalId(() =>
    ctx.db.transaction().execute(async (trx) => {
      await insertPerson(trx, row);
      const person = await findPerson(trx, scopeOf(caller), row.id);
      if (!person) throw notFound();
      await audit(trx, actor, {
        tenantId: caller.tenantId,
        action: 'PERSON_CREATED',
        entity: 'person',
        entityId: row.id,
        after: { ...audited(person), hasPin: person.has_pin },
      });
      return person;
    }),
  );
  return toPerson(created);
}

export async function editPerson(
  ctx: ServerContext,
  actor: AuditActor,
  caller: PeopleCaller,
  id: string,
  input: PersonUpdate,
): Promise<Person> {
  const before = await personOf(ctx, caller, id);
  if (input.buildingId !== undefined && input.buildingId !== before.building_id)
    await visibleBuilding(ctx, caller, input.buildingId);
  const changes: PersonChanges = {
    building_id: input.buildingId,
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    phone: input.phone,
    visitor_type: input.visitorType,
    external_id: input.externalId,
    job_title: input.jobTitle,
    department: input.department,
    company_name: input.companyName,
    default_duration: input.defaultDuration,
    valid_from: input.validFrom,
    valid_to: input.validTo,
    locale: input.locale,
    host_notice: input.hostNotice,
    deactivated: input.deactivated,
  };
  if (input.pinCode !== undefined) changes.pin_hash = input.pinCode === null ? null : await hashPassword(input.pinCode);
  // Nothing given: nothing to change or to record.
  if (Object.values(changes).every((value) => value === undefined)) return toPerson(before);
  const pick = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);
  checkRules({
    visitor_type: pick(changes.visitor_type, before.visitor_type),
    default_duration: pick(changes.default_duration, before.default_duration),
    valid_from: pick(changes.valid_from, before.valid_from),
    valid_to: pick(changes.valid_to, before.valid_to),
    host_notice: pick(changes.host_notice, before.host_notice),
    phone: pick(changes.phone, before.phone),
  });
  const after = await refusingTakenExternalId(() =>
    ctx.db.transaction().execute(async (trx) => {
      await updatePerson(trx, caller.tenantId, id, changes);
      const person = await findPerson(trx, scopeOf(caller), id);
      if (!person) throw notFound();
      const changed = changedFields(
        { ...audited(before), hasPin: before.has_pin },
        { ...audited(person), hasPin: person.has_pin },
      );
      // A PIN replaced by another one changes nothing above: say that it was replaced (never what).
      const pinReplaced = input.pinCode !== undefined && input.pinCode !== null && before.has_pin;
      await audit(trx, actor, {
        tenantId: caller.tenantId,
        action: 'PERSON_UPDATED',
        entity: 'person',
        entityId: id,
        before: changed.before,
        after: pinReplaced ? { ...changed.after, pinReplaced: true } : changed.after,
      });
      return person;
    }),
  );
  return toPerson(after);
}

export async function removePerson(ctx: ServerContext, actor: AuditActor, caller: PeopleCaller, id: string) {
  const before = await personOf(ctx, caller, id);
  await ctx.db.transaction().execute(async (trx) => {
    await deletePerson(trx, caller.tenantId, id);
    await audit(trx, actor, {
      tenantId: caller.tenantId,
      action: 'PERSON_DELETED',
      entity: 'person',
      entityId: id,
      before: audited(before),
    });
  });
}

/** A person's entries today, yesterday, this week and this month (their building's time zone). */
export async function statsOfPerson(
  ctx: ServerContext,
  caller: PeopleCaller,
  id: string,
  now = new Date(),
): Promise<PersonStats> {
  await personOf(ctx, caller, id, now);
  const row = await personStats(ctx.db, scopeOf(caller, now), id);
  if (!row) throw notFound();
  return {
    today: Number(row.today),
    yesterday: Number(row.yesterday),
    week: Number(row.week),
    month: Number(row.month),
  };
}
