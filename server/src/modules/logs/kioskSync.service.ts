// The kiosks' sync figures (the Logs screen's Kiosk sync tab): for each kiosk of the selected
// company over a period, its pushes, the entries applied, rejected (by their code) and held for
// review, and when it was last seen; or the same as kioskSync.csv.
import { CSV_BOM, type KioskSyncFilter, type KioskSyncRow, type Locale, csvRow } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import { type KioskSyncQuery, kioskSyncRows, rejectedCodes } from './kioskSync.repo.ts';
import { periodOf } from './period.ts';

function queryOf(tenantId: string, filter: KioskSyncFilter): KioskSyncQuery {
  return { tenantId, ...periodOf(filter), buildingId: filter.buildingId, deviceId: filter.deviceId || undefined };
}

async function report(ctx: ServerContext, query: KioskSyncQuery): Promise<KioskSyncRow[]> {
  const [rows, codes] = await Promise.all([kioskSyncRows(ctx.db, query), rejectedCodes(ctx.db, query)]);
  return rows.map((row) => ({
    deviceId: row.device_id,
    name: row.name,
    buildingId: row.building_id,
    buildingName: row.building_name,
    pushes: Number(row.pushes),
    applied: Number(row.applied),
    rejected: Number(row.rejected),
    rejectedCodes: codes
      .filter((code) => code.device_id === row.device_id)
      .map((code) => ({ code: code.error_code ?? '', count: Number(code.count) })),
    held: Number(row.held),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  }));
}

export async function kioskSyncReport(ctx: ServerContext, tenantId: string, filter: KioskSyncFilter) {
  return { docs: await report(ctx, queryOf(tenantId, filter)) };
}

/** kioskSync.csv: one line per kiosk, the rejected codes as `CODE×n` separated by spaces. */
export async function kioskSyncCsv(
  ctx: ServerContext,
  tenantId: string,
  filter: KioskSyncFilter,
  locale: Locale,
): Promise<string> {
  const t = (key: string) => translate(locale, `operations.kioskSync.${key}`);
  const rows = await report(ctx, queryOf(tenantId, filter));
  const columns = [
    'building',
    'device',
    'deviceId',
    'pushes',
    'applied',
    'rejected',
    'codes',
    'held',
    'lastSeen',
    'revoked',
  ];
  return (
    CSV_BOM +
    csvRow(columns.map(t)) +
    rows
      .map((row) =>
        csvRow([
          row.buildingName,
          row.name,
          row.deviceId,
          row.pushes,
          row.applied,
          row.rejected,
          row.rejectedCodes.map((code) => `${code.code}×${code.count}`).join(' '),
          row.held,
          row.lastSeenAt,
          row.revokedAt,
        ]),
      )
      .join('')
  );
}
