// The host of a visit (docs/check-in.md, "The host"): the building's hosts found as one types
// (staff's search, a kiosk's or a phone's public search, a kiosk's cached directory) and the link a
// check-in or an invitation carries, checked against who can host the building at that moment.
import { type HostCandidate, type HostLink, hostName, hostSearchTerm } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type HostRow, allBuildingHosts, findPersonHost, findUserHost, searchBuildingHosts } from './hosts.repo.ts';

type Building = { id: string; tenant_id: string };

/** At most this many hosts travel in a kiosk's configuration. */
export const KIOSK_HOSTS_MAX = 20_000;

export function toHostCandidate(row: HostRow): HostCandidate {
  return {
    personId: row.person_id,
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    department: row.department,
  };
}

/**
 * The building's hosts whose first or last name starts with `text`. No text finds nobody, unless
 * `firstOnEmpty` (staff, who see the directory anyway): then the first ones by name.
 */
export async function searchHosts(
  ctx: ServerContext,
  building: Building,
  text: string | undefined,
  limit: number,
  options: { firstOnEmpty?: boolean } = {},
): Promise<HostCandidate[]> {
  const term = hostSearchTerm(text ?? '');
  if (term === '') {
    if (!options.firstOnEmpty) return [];
    return (await allBuildingHosts(ctx.db, building, limit)).map(toHostCandidate);
  }
  return (await searchBuildingHosts(ctx.db, building, term, limit)).map(toHostCandidate);
}

/** Every host of the building: names, departments and links only (a kiosk's cached directory). */
export async function buildingHosts(ctx: ServerContext, building: Building): Promise<HostCandidate[]> {
  return (await allBuildingHosts(ctx.db, building, KIOSK_HOSTS_MAX)).map(toHostCandidate);
}

/** A host checked for a visit: its link and the name the visit shows. */
export interface CheckedHost {
  personId: string | null;
  userId: string | null;
  name: string;
}

/**
 * The host a request links, checked now: a person or a user who can host the building (never
 * both: VALIDATION_FAILED), else MEETING_HOST_NOT_EMPLOYEE naming the field. Undefined when the
 * request links nobody.
 */
export async function checkedHost(
  ctx: ServerContext,
  building: Building,
  link: Partial<HostLink>,
): Promise<CheckedHost | undefined> {
  const { hostPersonId, hostUserId } = link;
  if (hostPersonId && hostUserId) throw new AppError('VALIDATION_FAILED', { field: 'hostUserId' });
  if (hostPersonId) {
    const row = await findPersonHost(ctx.db, building, hostPersonId);
    if (!row) throw new AppError('MEETING_HOST_NOT_EMPLOYEE', { field: 'hostPersonId' });
    return { personId: row.person_id, userId: null, name: nameOf(row) };
  }
  if (hostUserId) {
    const row = await findUserHost(ctx.db, building, hostUserId);
    if (!row) throw new AppError('MEETING_HOST_NOT_EMPLOYEE', { field: 'hostUserId' });
    return { personId: null, userId: row.user_id, name: nameOf(row) };
  }
  return undefined;
}

const nameOf = (row: HostRow) => hostName({ firstName: row.first_name, lastName: row.last_name });
