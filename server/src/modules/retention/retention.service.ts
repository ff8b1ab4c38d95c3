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
  /** Batches a company gets in one round over the companies, so one backlog never starves the others. */
  maxBatches: number;
  /** A new round starts only this long after the run began; what is left is the next run's. */
  budgetMs: number;
}

/**
 * A batch of 500 takes about a third of a second on a table of ten million visits
 * (scripts/bench/growth.bench.ts): five minutes of rounds an hour anonymise some 450,000 visits,
 * twice what a company of 10,000 buildings makes in an hour (docs/privacy.md, "Retention").
 */
export const RETENTION_LIMITS: RetentionLimits = { batchSize: 500, maxBatches: 20, budgetMs: 300_000 };

/** The moment before which a company's visits are due, for its period in days. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * One run over every company: rounds in which each company with due visits gets up to
 * `maxBatches` batches, while the run is within its time budget. Each company's count of a round
 * is an audit row written as the round ends, so a run cut short (a server stopped) leaves at most
 * one round's batches unaudited. Answers how many visits were anonymised.
 */
export async function applyRetention(db: Db, now: Date, limits: RetentionLimits = RETENTION_LIMITS): Promise<number> {
  const started = performance.now();
  const companies = (await companiesRetention(db)).map((company) => ({
    ...company,
    before: retentionCutoff(now, company.visit_retention_days),
    done: false,
  }));
  let anonymised = 0;
  do {
    for (const company of companies) {
      let visits = 0;
      for (let batch = 0; !company.done && batch < limits.maxBatches; batch++) {
        const done = await anonymiseDueVisits(db, company.id, company.before, limits.batchSize, now);
        visits += done;
        if (done < limits.batchSize) company.done = true;
      }
      if (visits === 0) continue;
      anonymised += visits;
      await audit(db, automaticActor, {
        tenantId: company.id,
        action: 'VISITS_ANONYMISED',
        entity: 'tenant',
        entityId: company.id,
        after: { visits, retentionDays: company.visit_retention_days, happenedBefore: company.before.toISOString() },
      });
    }
  } while (companies.some((company) => !company.done) && performance.now() - started < limits.budgetMs);
  return anonymised;
}
