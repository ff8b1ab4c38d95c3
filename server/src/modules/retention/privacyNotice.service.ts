import type { PrivacyNotice, PrivacyNotices, ShownPrivacyNotice } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { insertNextNotice, noticeInForce, noticeOfBuilding, noticeVersions } from './privacyNotice.repo.ts';

// The company's privacy notice (docs/privacy.md, "The privacy notice"): administrators and
// corporate users publish versions; visitors read the one in force on every visitor page and at
// the kiosk; a check-in records the version shown.

const toNotice = (row: { version: number; body: string; created_at: Date }): PrivacyNotice => ({
  version: row.version,
  body: row.body,
  createdAt: row.created_at.toISOString(),
});

export async function privacyNotices(ctx: ServerContext, tenantId: string): Promise<PrivacyNotices> {
  const [current, versions] = await Promise.all([noticeInForce(ctx.db, tenantId), noticeVersions(ctx.db, tenantId)]);
  return {
    current: current ? toNotice(current) : null,
    versions: versions.map((row) => ({
      version: row.version,
      createdAt: row.created_at.toISOString(),
      createdBy: row.username,
    })),
  };
}

/** Publishes the next version, audited with its number (the text is the version's, kept for good). */
export async function publishPrivacyNotice(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  body: string,
): Promise<PrivacyNotice> {
  return ctx.db.transaction().execute(async (trx) => {
    const published = await insertNextNotice(trx, tenantId, body, actor.userId);
    await audit(trx, actor, {
      tenantId,
      action: 'PRIVACY_NOTICE_PUBLISHED',
      entity: 'tenant',
      entityId: tenantId,
      after: { version: published.version },
    });
    return toNotice(published);
  });
}

/** The notice a visitor's page shows for a building; NOT_FOUND for no building or no notice. */
export async function buildingPrivacyNotice(ctx: ServerContext, buildingId: string) {
  const found = await noticeOfBuilding(ctx.db, buildingId);
  if (!found?.notice) throw notFound();
  return { company: found.company, version: found.notice.version, body: found.notice.body };
}

/** The notice in force as a check-in's configuration carries it (null before the first). */
export async function shownNotice(db: Db, tenantId: string): Promise<ShownPrivacyNotice | null> {
  const notice = await noticeInForce(db, tenantId);
  return notice ? { version: notice.version, body: notice.body } : null;
}
