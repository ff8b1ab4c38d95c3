import {
  type EvacuationList,
  type EvacuationPerson,
  evacuationTotal,
  groupForEvacuation,
  newBuildingSettings,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { type InsideVisitRow, insideVisits } from '../visits/openVisits.repo.ts';
import { evacuationBuilding } from './evacuation.repo.ts';

// The evacuation list: everyone inside a building now, grouped by person type by the
// shared rule (domain/evacuation.ts) that a kiosk's staff screen also applies offline.

const text = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

function toEvacuationPerson(row: InsideVisitRow): EvacuationPerson & { visitorType: string } {
  const directoryHost = [text(row.host_first_name), text(row.host_last_name)].filter(Boolean).join(' ');
  const named = text(row.first_name) !== null || text(row.last_name) !== null;
  return {
    visitId: row.id,
    visitorType: row.visitor_type,
    firstName: text(row.first_name),
    // A form that asks one full name keeps it in the check-in form only.
    lastName: named ? text(row.last_name) : text(row.full_name),
    companyName: text(row.company_name),
    host: directoryHost || text(row.host),
    checkedInAt: new Date(row.checked_in_at ?? 0).toISOString(),
    phone: text(row.phone) ?? text(row.person_phone),
    hasPhoto: row.has_photo,
  };
}

export async function evacuationList(
  ctx: ServerContext,
  tenantId: string,
  buildingId: string,
  now = new Date(),
): Promise<EvacuationList> {
  const building = await evacuationBuilding(ctx.db, tenantId, buildingId);
  if (!building) throw notFound();
  const groups = groupForEvacuation((await insideVisits(ctx.db, buildingId)).map(toEvacuationPerson));
  return {
    building: {
      id: building.id,
      name: building.name,
      timeZoneId: building.time_zone || newBuildingSettings().timeZoneId,
    },
    generatedAt: now.toISOString(),
    total: evacuationTotal(groups),
    groups,
  };
}
