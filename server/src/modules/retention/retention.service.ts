import {
  RETENTION_COUNT_CAP,
  type RetentionDue,
  type RetentionKind,
  type RetentionOverrides,
  type RetentionPeriods,
  type RetentionSettings,
  type RetentionUpdate,
  retentionKinds,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { type AuditActor, audit, automaticActor } from '../audit/audit.service.ts';
import {
  type RetentionGroup,
  companyBuildingIds,
  countDue,
  eraseDue,
  retentionPlanRows,
  saveRetention,
} from './retention.repo.ts';

// Retention (docs/privacy.md, "Retention"): each kind of a company's visitor data (visits,
// photos, signatures, health data) older than its period (the company's, or a building's own) is
// erased by the job in bounded batches, each its own short transaction, so the lobby's check-ins
// never wait behind it; a run's counts per company are in the audit log, never what was erased.

const DAY_MS = 86_400_000;

export interface RetentionLimits {
  /** Rows per transaction. */
  batchSize: number;
  /** Batches a company gets in one round over the companies, so one backlog never starves the others. */
  maxBatches: number;
  /** A new round starts only this long after the run began; what is left is the next run's. */
  budgetMs: number;
}

/**
 * A batch of 500 visits takes about a third of a second on a table of ten million visits
 * (scripts/bench/growth.bench.ts): five minutes of rounds an hour anonymise some 450,000 visits,
 * twice what a company of 10,000 buildings makes in an hour (docs/privacy.md, "Retention").
 */
export const RETENTION_LIMITS: RetentionLimits = { batchSize: 500, maxBatches: 20, budgetMs: 300_000 };

/** The moment before which a kind's rows are due, for its period in days. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

interface Plan {
  tenantId: string;
  company: RetentionPeriods;
  buildings: readonly { id: string; overrides: RetentionOverrides }[];
}

/**
 * A kind's groups in a company: its buildings by the period they keep it (their own, else the
 * company's), each with the moment before which its rows are due. A company without buildings
 * has none.
 */
export function groupsOf(plan: Plan, kind: RetentionKind, now: Date): RetentionGroup[] {
  const byDays = new Map<number, string[]>();
  for (const building of plan.buildings) {
    const days = building.overrides[kind] ?? plan.company[kind];
    const group = byDays.get(days);
    if (group) group.push(building.id);
    else byDays.set(days, [building.id]);
  }
  return [...byDays].map(([days, buildingIds]) => ({
    tenantId: plan.tenantId,
    buildingIds,
    before: retentionCutoff(now, days),
  }));
}

/** Every company's plan: its periods and its buildings' own. */
async function plans(db: Db, tenantId?: string): Promise<(Plan & { names: Map<string, string> })[]> {
  const rows = await retentionPlanRows(db, tenantId);
  return rows.companies.map(({ id, ...company }) => {
    const buildings = rows.buildings.filter((building) => building.tenantId === id);
    return { tenantId: id, company, buildings, names: new Map(buildings.map((b) => [b.id, b.name])) };
  });
}

type Counts = Record<RetentionKind, number>;
const noCounts = (): Counts => ({ visits: 0, photos: 0, signatures: 0, health: 0 });

/**
 * One run over every company: rounds in which each company with due rows gets up to
 * `maxBatches` batches (its kinds and their groups in turn), while the run is within its time
 * budget. Each company's counts of a round are one audit row written as the round ends, so a
 * run cut short (a server stopped) leaves at most one round's batches unaudited. Answers how many
 * rows were erased.
 */
export async function applyRetention(db: Db, now: Date, limits: RetentionLimits = RETENTION_LIMITS): Promise<number> {
  const started = performance.now();
  const work = (await plans(db)).map((plan) => ({
    plan,
    tasks: retentionKinds.flatMap((kind) => groupsOf(plan, kind, now).map((group) => ({ kind, group, done: false }))),
  }));
  let erased = 0;
  const pending = () => work.some(({ tasks }) => tasks.some((task) => !task.done));
  do {
    for (const { plan, tasks } of work) {
      const counts = noCounts();
      let batches = 0;
      for (const task of tasks) {
        while (!task.done && batches < limits.maxBatches) {
          batches++;
          const done = await eraseDue(db, task.kind, task.group, limits.batchSize, now);
          counts[task.kind] += done;
          if (done < limits.batchSize) task.done = true;
        }
      }
      const total = retentionKinds.reduce((sum, kind) => sum + counts[kind], 0);
      if (total === 0) continue;
      erased += total;
      await audit(db, automaticActor, {
        tenantId: plan.tenantId,
        action: 'RETENTION_APPLIED',
        entity: 'tenant',
        entityId: plan.tenantId,
        after: { ...counts, periods: plan.company },
      });
    }
  } while (pending() && performance.now() - started < limits.budgetMs);
  return erased;
}

/** What the next run would erase in a company under a plan, each kind counted up to the cap. */
async function dueUnder(db: Db, plan: Plan, now: Date): Promise<RetentionDue> {
  const due = {} as RetentionDue;
  for (const kind of retentionKinds) {
    let count = 0;
    for (const group of groupsOf(plan, kind, now)) {
      if (count > RETENTION_COUNT_CAP) break;
      count += await countDue(db, kind, group, RETENTION_COUNT_CAP - count);
    }
    due[kind] = { count: Math.min(count, RETENTION_COUNT_CAP), capped: count > RETENTION_COUNT_CAP };
  }
  return due;
}

const hasOwn = (overrides: RetentionOverrides) => retentionKinds.some((kind) => overrides[kind] !== null);

/** The company's periods, its buildings' own (by name) and what the next run would erase. */
export async function retentionSettings(ctx: ServerContext, tenantId: string, now: Date): Promise<RetentionSettings> {
  const [plan] = await plans(ctx.db, tenantId);
  if (!plan) throw notFound();
  const buildings = plan.buildings
    .filter((building) => hasOwn(building.overrides))
    .map((building) => ({ id: building.id, name: plan.names.get(building.id) ?? '', overrides: building.overrides }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { company: plan.company, buildings, due: await dueUnder(ctx.db, plan, now) };
}

/**
 * A change's plan: the company's periods and, for every building of it, its own periods from the
 * change (none when left out). A building of another company, or unknown, is NOT_FOUND.
 */
async function planOf(db: Db, tenantId: string, update: RetentionUpdate): Promise<Plan> {
  const own = new Map(update.buildings.map((building) => [building.id, building.overrides]));
  const [plan] = await plans(db, tenantId);
  if (!plan) throw notFound();
  const known = await companyBuildingIds(db, tenantId, [...own.keys()]);
  if (known.length !== own.size) throw notFound();
  const none: RetentionOverrides = { visits: null, photos: null, signatures: null, health: null };
  return {
    tenantId,
    company: update.company,
    buildings: plan.buildings.map((building) => ({ id: building.id, overrides: own.get(building.id) ?? none })),
  };
}

/** What the next run would erase under a change, counted now; nothing is saved. */
export async function previewRetention(
  ctx: ServerContext,
  tenantId: string,
  update: RetentionUpdate,
  now: Date,
): Promise<RetentionDue> {
  return dueUnder(ctx.db, await planOf(ctx.db, tenantId, update), now);
}

/** Saves the company's periods and its buildings' own, audited with what they were. */
export async function changeRetention(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  update: RetentionUpdate,
  now: Date,
): Promise<RetentionSettings> {
  const before = await retentionSettings(ctx, tenantId, now);
  const plan = await planOf(ctx.db, tenantId, update);
  const own = plan.buildings.filter((building) => hasOwn(building.overrides));
  await ctx.db.transaction().execute(async (trx) => {
    await saveRetention(trx, tenantId, plan.company, own);
    await audit(trx, actor, {
      tenantId,
      action: 'RETENTION_CHANGED',
      entity: 'tenant',
      entityId: tenantId,
      before: { company: before.company, buildings: before.buildings.map(({ id, overrides }) => ({ id, overrides })) },
      after: { company: plan.company, buildings: own },
    });
  });
  return retentionSettings(ctx, tenantId, now);
}
