import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// A company's host channels (docs/host-notifications.md): one row per company, the addresses and
// the SMS token sealed.

export type HostChannelRow = NonNullable<Awaited<ReturnType<typeof findHostChannels>>>;

export interface HostChannelValues {
  slack_url_sealed?: string | null;
  teams_url_sealed?: string | null;
  sms_endpoint_sealed?: string | null;
  sms_account?: string | null;
  sms_token_sealed?: string | null;
  sms_from?: string | null;
}

export function findHostChannels(db: Db, tenantId: string) {
  return db
    .selectFrom('host_channel_settings')
    .select([
      'slack_url_sealed',
      'teams_url_sealed',
      'sms_endpoint_sealed',
      'sms_account',
      'sms_token_sealed',
      'sms_from',
      'updated_at',
    ])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** Writes the values given (an absent one is kept), making the company's row when it has none. */
export async function saveHostChannels(
  db: Db,
  tenantId: string,
  userId: string | null,
  values: HostChannelValues,
): Promise<void> {
  await db
    .insertInto('host_channel_settings')
    .values({ tenant_id: tenantId, updated_by: userId, ...values })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({ ...values, updated_by: userId, updated_at: sql<Date>`now()` }),
    )
    .execute();
}
