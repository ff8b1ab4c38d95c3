// The self-test (docs/operations.md, "The self-test"): an administrator starts it with a count and
// a duration; it answers at once and runs in the background on this instance. It makes a
// throwaway company and building ("Self-test <moment>", marked tenants.self_test), checks
// `count` visitors in and out, spread over `duration` seconds, through the staff desk's own
// services (the fast check-in and the staff check-out, every rule and trigger of real traffic),
// then removes the company with everything in it. The audit log keeps none of its rows (a trigger
// drops a self-test company's rows: the log refuses DELETE, so they are never written).
// One run at a time across instances: a unique index on the running row. A run whose instance
// stopped is found by its stopped heartbeat; the next start, and every server start, marks it
// interrupted and removes what it left.
import {
  type SelfTestResult,
  type SelfTestRun,
  checkOutRequestSchema,
  fastCheckInSchema,
  newBuildingSettings,
  uuidv7,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { instanceName } from '../../jobs/recordedRun.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { staffChannel, fastCheckIn } from '../checkin/staffCheckIn.service.ts';
import { staffCheckOut } from '../checkin/staffCheckOut.service.ts';
import type { VisitActor } from '../visits/visitCaller.ts';
import {
  type SelfTestRunRow,
  ONE_RUNNING,
  deleteSelfTestTenant,
  findRun,
  finishRun,
  insertRun,
  insertSelfTestBuilding,
  insertSelfTestTenant,
  latestRun,
  markStaleRunsInterrupted,
  orphanSelfTestTenants,
  recordProgress,
} from './selfTest.repo.ts';

/** A running run's heartbeat is written every second; silent this long, its instance stopped. */
export const STALE_AFTER_SECONDS = 30;
/** Operations in flight at once: the rest wait for their moment or a free slot. */
const IN_FLIGHT = 16;
const ERROR_SAMPLES = 5;

/** The runs of this instance, until they end (tests and a closing server wait for them). */
const running = new Map<string, Promise<void>>();

/** Resolves when the run `id` of this instance has ended (at once when it is not running here). */
export function selfTestEnded(id: string): Promise<void> {
  return running.get(id) ?? Promise.resolve();
}

function toRun(row: SelfTestRunRow): SelfTestRun {
  return {
    id: row.id,
    status: row.status as SelfTestRun['status'],
    count: row.count,
    durationS: row.duration_s,
    done: row.done,
    errors: row.errors,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    result: (row.result as SelfTestResult | null) ?? null,
    error: row.error,
  };
}

/**
 * Removes what interrupted runs left: runs still "running" whose heartbeat stopped are marked
 * interrupted, and every self-test company no running run owns is deleted. Called at every
 * server start and before each run.
 */
export async function removeSelfTestLeftovers(ctx: Pick<ServerContext, 'db'>): Promise<number> {
  await markStaleRunsInterrupted(ctx.db, STALE_AFTER_SECONDS);
  const orphans = await orphanSelfTestTenants(ctx.db);
  for (const id of orphans) await deleteSelfTestTenant(ctx.db, id);
  return orphans.length;
}

/** The latest run, any instance's. */
export async function selfTestStatus(ctx: ServerContext): Promise<{ run: SelfTestRun | null }> {
  const row = await latestRun(ctx.db);
  return { run: row ? toRun(row) : null };
}

function isOneRunningRefusal(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || constraint === ONE_RUNNING);
}

/** Starts a run and answers at once; STRESSTEST_RUNNING while another runs. */
export async function startSelfTest(
  ctx: ServerContext,
  who: { userId: string; audit: AuditActor },
  options: { count: number; duration: number },
): Promise<{ performing: true; run: SelfTestRun }> {
  await removeSelfTestLeftovers(ctx);
  const id = uuidv7();
  // The run names its company before the company exists: a cleanup never sees it unowned.
  const place = { tenantId: uuidv7(), buildingId: uuidv7() };
  try {
    await insertRun(ctx.db, {
      id,
      tenantId: place.tenantId,
      count: options.count,
      durationS: options.duration,
      instance: instanceName,
    });
  } catch (error) {
    if (isOneRunningRefusal(error)) throw new AppError('STRESSTEST_RUNNING');
    throw error;
  }
  // The company and building exist before the answer: the run is under way when the caller hears of it.
  try {
    const name = `Self-test ${new Date().toISOString()}`;
    await insertSelfTestTenant(ctx.db, place.tenantId, name);
    await insertSelfTestBuilding(ctx.db, {
      id: place.buildingId,
      tenantId: place.tenantId,
      name,
      settings: { ...newBuildingSettings(), allowFreeTextHost: true },
    });
  } catch (error) {
    await deleteSelfTestTenant(ctx.db, place.tenantId);
    await finishRun(ctx.db, id, { status: 'failed', result: null, error: String(error) });
    throw error;
  }
  const work = perform(ctx, who, id, place, options).catch(() => undefined);
  running.set(id, work);
  void work.finally(() => running.delete(id));
  const row = await findRun(ctx.db, id);
  if (!row) throw new AppError('INTERNAL_ERROR');
  return { performing: true, run: toRun(row) };
}

/** The value at quantile `q` of sorted numbers (nearest rank). */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return Math.round((sorted[rank] ?? 0) * 10) / 10;
}

interface Sample {
  /** Milliseconds from the start when the operation ended. */
  endMs: number;
  ms: number;
  ok: boolean;
}

function figuresOf(samples: readonly Sample[], elapsedMs: number, errorSamples: string[]): SelfTestResult {
  const latencies = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const seconds = Math.max(1, Math.ceil(elapsedMs / 1000));
  const perSecond = Array.from({ length: seconds }, (_, second) => ({ second, operations: 0, errors: 0, maxMs: 0 }));
  for (const sample of samples) {
    const slot = perSecond[Math.min(seconds - 1, Math.floor(sample.endMs / 1000))];
    if (!slot) continue;
    if (sample.ok) slot.operations++;
    else slot.errors++;
    slot.maxMs = Math.max(slot.maxMs, Math.round(sample.ms * 10) / 10);
  }
  const ok = samples.filter((sample) => sample.ok).length;
  return {
    operations: ok,
    errors: samples.length - ok,
    throughput: Math.round((ok / Math.max(elapsedMs, 1)) * 1000 * 100) / 100,
    p50Ms: quantile(latencies, 0.5),
    p95Ms: quantile(latencies, 0.95),
    p99Ms: quantile(latencies, 0.99),
    perSecond,
    errorSamples,
  };
}

async function perform(
  ctx: ServerContext,
  who: { userId: string; audit: AuditActor },
  id: string,
  { tenantId, buildingId }: { tenantId: string; buildingId: string },
  options: { count: number; duration: number },
): Promise<void> {
  const samples: Sample[] = [];
  const errorSamples: string[] = [];
  let done = 0;
  let failed = 0;
  const heartbeat = setInterval(() => {
    void recordProgress(ctx.db, id, done, failed).catch(() => undefined);
  }, 1000);
  heartbeat.unref();
  let end: Parameters<typeof finishRun>[2] = { status: 'failed', result: null, error: null };
  try {
    const actor: VisitActor = { tenantId, assignedTo: undefined, userId: who.userId, audit: who.audit };
    const channel = staffChannel({ locale: 'en', origin: 'http://self-test.invalid', clientIp: '127.0.0.1' });
    const started = performance.now();
    const measure = async (work: () => Promise<boolean>) => {
      const at = performance.now();
      let ok = false;
      try {
        ok = await work();
      } catch (error) {
        if (errorSamples.length < ERROR_SAMPLES)
          errorSamples.push(error instanceof Error ? error.message : String(error));
      }
      const now = performance.now();
      samples.push({ endMs: now - started, ms: now - at, ok });
      if (!ok) failed++;
      return ok;
    };
    const visitOnce = async (index: number) => {
      let visitId: string | undefined;
      const checkedIn = await measure(async () => {
        const outcome = await fastCheckIn(
          ctx,
          actor,
          channel,
          fastCheckInSchema.parse({
            buildingId,
            visitorType: 'VISITOR',
            checkInForm: { firstName: 'Self', lastName: `Test ${index + 1}`, host: 'Self-test' },
            questionnairesAnswers: [],
            consentAccepted: true,
          }),
        );
        visitId = outcome.body.entryLogItem?.id;
        if (!outcome.body.allowed || !visitId) {
          if (errorSamples.length < ERROR_SAMPLES)
            errorSamples.push(`check-in ${outcome.status}: ${outcome.body.message}`);
          return false;
        }
        return true;
      });
      if (checkedIn && visitId) {
        const visit = visitId;
        await measure(async () => {
          await staffCheckOut(ctx, actor, visit, checkOutRequestSchema.parse({ questionnairesAnswers: [] }));
          return true;
        });
      }
      done++;
    };
    const spacingMs = (options.duration * 1000) / options.count;
    const inFlight = new Set<Promise<void>>();
    for (let index = 0; index < options.count; index++) {
      const wait = started + index * spacingMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      const operation = visitOnce(index).finally(() => inFlight.delete(operation));
      inFlight.add(operation);
    }
    await Promise.all(inFlight);
    end = { status: 'done', result: figuresOf(samples, performance.now() - started, errorSamples), error: null };
  } catch (error) {
    end = { status: 'failed', result: null, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearInterval(heartbeat);
    try {
      await deleteSelfTestTenant(ctx.db, tenantId);
    } catch (error) {
      end = { ...end, status: 'failed', error: `cleanup: ${error instanceof Error ? error.message : String(error)}` };
    }
    await recordProgress(ctx.db, id, done, failed);
    await finishRun(ctx.db, id, end);
  }
}
