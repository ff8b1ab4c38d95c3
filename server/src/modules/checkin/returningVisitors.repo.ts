import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { lowerPrefixPattern } from '../../db/likePattern.ts';

// The desk's search of returning visitors: the building's latest check-ins let in, newest first,
// on the building's own index of check-in times (visits_building_checked_in_idx).

/** A building's check-ins let in since `since`, newest first, by the beginning of a name, e-mail or company. */
export function recentArrivals(
  db: Db,
  building: { id: string; tenant_id: string },
  search: string | undefined,
  since: Date,
  limit: number,
) {
  let q = db
    .selectFrom('visits')
    .select([
      'id',
      'person_id',
      'visitor_type',
      'first_name',
      'last_name',
      'email',
      'company_name',
      'host',
      'host_person_id',
      'host_user_id',
      'check_in_form',
      'checked_in_at',
      'checked_out_at',
    ])
    .where('visits.building_id', '=', building.id)
    .where('visits.tenant_id', '=', building.tenant_id)
    .where('visits.checked_in_at', '>=', since)
    .where('visits.allowed', '=', true);
  const text = search?.trim();
  if (text) {
    const prefix = lowerPrefixPattern(text);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(visits.last_name)`, 'like', prefix),
        eb(sql`lower(visits.first_name)`, 'like', prefix),
        eb(sql`lower(visits.first_name || ' ' || visits.last_name)`, 'like', prefix),
        eb(sql`lower(visits.email)`, 'like', prefix),
        eb(sql`lower(visits.company_name)`, 'like', prefix),
      ]),
    );
  }
  return q.orderBy('visits.checked_in_at', 'desc').orderBy('visits.id', 'desc').limit(limit).execute();
}
