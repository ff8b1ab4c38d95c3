import type { Db } from '../../db/database.ts';
import { audit, automaticActor } from '../audit/audit.service.ts';
import { anonymiseDueVisits, companiesRetention } from './retention.repo.ts';

// Retention (docs/privacy.md, "Retention"): each company's visits older than its period are
// anonymised in bounded batches, each its own short transaction, so the lobby's check-ins never
// wait behind the job; a run's count per company is in the audit log, never what was erased.

const DAY_MS = 86_400_000;

export interface RetentionLimits {
  /** Visits per transaction. */
  batchSize: number;
  /** Batches per company per run; what is left is the next run's. */
  maxBatches: number;
}

export const RETENTION_LIMITS: RetentionLimits = { batchSize: 500, maxBatches: 20 };

/** The moment before which a company's visits are due, for its period in days. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** One run over every company: answers how many visits were anonymised. */
export async function applyRetention(db: Db, now: Date, limits: RetentionLimits = RETENTION_LIMITS): Promise<number> {
  let anonymised = 0;
  for (const company of await companiesRetention(db)) {
    const before = retentionCutoff(now, company.visit_retention_days);
    let visits = 0;
    for (let batch = 0; batch < limits.maxBatches; batch++) {
      const done = await anonymiseDueVisits(db, company.id, before, limits.batchSize, now);
      visits += done;
      if (done < limits.batchSize) break;
    }
    if (visits === 0) continue;
    anonymised += visits;
    await audit(db, automaticActor, {
      tenantId: company.id,
      action: 'VISITS_ANONYMISED',
      entity: 'tenant',
      entityId: company.id,
      after: { visits, retentionDays: company.visit_retention_days, happenedBefore: before.toISOString() },
    });
  }
  return anonymised;
}
