import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/database.ts';
import { createBuilding, createTenant } from '../../../test/helpers/factories.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { refreshDueMobileTokens } from './mobileTokens.service.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('mobile token rotation', () => {
  it('rotates due tokens once, schedules the next after mobileTokenChangeDays, and leaves the rest', async () => {
    const tenantId = await createTenant(database.db);
    const due = await createBuilding(database.db, tenantId, 'Due');
    const later = await createBuilding(database.db, tenantId, 'Later');
    const none = await createBuilding(database.db, tenantId, 'No token');
    const past = new Date(Date.now() - 60_000);
    await database.db
      .updateTable('buildings')
      .set({ mobile_token: 'old-token', mobile_token_next_refresh_at: past, mobile_token_change_days: 3 })
      .where('id', '=', due)
      .execute();
    await database.db
      .updateTable('buildings')
      .set({ mobile_token: 'keep-token', mobile_token_next_refresh_at: new Date(Date.now() + 86_400_000) })
      .where('id', '=', later)
      .execute();
    await database.db
      .updateTable('buildings')
      .set({ mobile_token_next_refresh_at: past })
      .where('id', '=', none)
      .execute();

    const [first, second] = await Promise.all([
      refreshDueMobileTokens(database.db),
      refreshDueMobileTokens(database.db),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    const rows = await database.db
      .selectFrom('buildings')
      .select(['name', 'mobile_token', 'mobile_token_next_refresh_at'])
      .where('tenant_id', '=', tenantId)
      .orderBy('name')
      .execute();
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(byName.Due!.mobile_token).toMatch(/^[0-9a-f]{16}$/);
    const daysAhead = (new Date(byName.Due?.mobile_token_next_refresh_at ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(daysAhead).toBeGreaterThan(2.99);
    expect(daysAhead).toBeLessThan(3.01);
    expect(byName.Later!.mobile_token).toBe('keep-token');
    expect(byName['No token']!.mobile_token).toBeNull();
  });
});
