/// <reference lib="dom" />
// Bundled by kiosk.bench.ts (Vite, IIFE) and run in headless Chromium on a page of the server
// under test: the kiosk's real offline modules, not copies, plus the loops that time them.
// Everything is exposed on window.__kioskBench for page.evaluate.
import {
  type KioskDb,
  type SyncTransport,
  commitCheckIn,
  httpTransport,
  openKioskDb,
  pageKioskDb,
  pendingCount,
  pendingEntries,
  pushPending,
  refreshConfig,
} from '@vestibule/kiosk/offline';
import { newVisitCodes } from '@vestibule/shared';

function payload(qrCodeKey: string, i: number) {
  return {
    qrCodeKey,
    visitorType: 'VISITOR',
    checkInForm: { firstName: 'Bench', lastName: `Kiosk ${i}`, host: 'Host' },
  };
}

async function fresh(dbName: string): Promise<KioskDb> {
  await openKioskDb(dbName).delete();
  const db = openKioskDb(dbName);
  await db.open();
  return db;
}

/**
 * The page becomes the server's enrolled kiosk: its credential, kept where the kiosk's own
 * fetch reads it (the page's kiosk database), and its device id on the database that pushes.
 */
async function enrol(db: KioskDb | null, kiosk: { deviceId: string; credential: string }): Promise<void> {
  await pageKioskDb().meta.put({ key: 'credential', value: kiosk.credential });
  await pageKioskDb().meta.delete('kioskAccess');
  if (db) await db.meta.put({ key: 'deviceId', value: kiosk.deviceId });
}

/** Times each commitCheckIn (what the screen waits for before "you are checked in"). */
async function commits(options: { dbName: string; qrCodeKey: string; warmup: number; count: number }) {
  const db = await fresh(options.dbName);
  try {
    for (let i = 0; i < options.warmup; i++)
      await commitCheckIn(db, payload(options.qrCodeKey, -1 - i), { codes: newVisitCodes() });
    const latencies: number[] = [];
    for (let i = 0; i < options.count; i++) {
      // As the kiosk's wizard does (checkInSource.ts): codes made on the device, then the commit.
      const codes = newVisitCodes();
      const t0 = performance.now();
      await commitCheckIn(db, payload(options.qrCodeKey, i), { codes });
      latencies.push(performance.now() - t0);
    }
    return { latencies, outbox: await db.outbox.count() };
  } finally {
    db.close();
  }
}

/** Queues `count` check-ins in a fresh outbox, as a kiosk offline for a while would have. */
async function fill(options: {
  dbName: string;
  qrCodeKey: string;
  count: number;
  kiosk: { deviceId: string; credential: string };
}) {
  const db = await fresh(options.dbName);
  await enrol(db, options.kiosk);
  try {
    for (let i = 0; i < options.count; i++)
      await commitCheckIn(db, payload(options.qrCodeKey, i), { codes: newVisitCodes() });
    return { pending: await pendingCount(db), deviceId: (await db.meta.get('deviceId'))?.value ?? '' };
  } finally {
    db.close();
  }
}

/**
 * Drains the outbox with pushPending + httpTransport while watching the main thread: every
 * requestAnimationFrame gap and every 'longtask' entry (Chromium reports tasks of 50 ms and
 * more). performance marks bracket the drain so a trace can be cut to it.
 */
async function drain(options: { dbName: string; qrCodeKey: string; batchSize: number }) {
  const db = openKioskDb(options.dbName);
  await db.open();
  const longTasks: number[] = [];
  const observer =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('longtask')
      ? new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration);
        })
      : null;
  observer?.observe({ type: 'longtask' });
  const frames: number[] = [];
  let animating = true;
  const frame = (time: number) => {
    frames.push(time);
    if (animating) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // Let the frame loop settle before the clock starts.
  while (frames.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));

  // What each round reads before it sends (all pending entries sorted, then the count), timed
  // once on the full outbox, read-only, before the clock starts.
  const r0 = performance.now();
  await pendingEntries(db, options.batchSize);
  await pendingCount(db);
  const readMs = performance.now() - r0;

  const inner = httpTransport();
  /** [sent, answered] of each POST, relative to the start of the drain. */
  const requests: [number, number][] = [];
  const transport: SyncTransport = async (body) => {
    const sent = performance.now() - t0;
    const answer = await inner(body);
    requests.push([sent, performance.now() - t0]);
    return answer;
  };
  const framesBefore = frames.length;
  performance.mark('kiosk-drain-start');
  const t0 = performance.now();
  const outcome = await pushPending(db, transport, { qrCodeKey: options.qrCodeKey, batchSize: options.batchSize });
  let pending = await pendingCount(db);
  // pushPending returns once its batches are done; a busy or failed round would leave entries.
  while (pending > 0 && !outcome.failed && !outcome.busy) {
    await pushPending(db, transport, { qrCodeKey: options.qrCodeKey, batchSize: options.batchSize });
    pending = await pendingCount(db);
  }
  const totalMs = performance.now() - t0;
  performance.mark('kiosk-drain-end');
  // One more frame, so a block at the very end shows as a gap too.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  animating = false;
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer?.disconnect();

  const span = frames.slice(framesBefore - 1);
  const gaps = span.slice(1).map((time, i) => time - (span[i] ?? time));
  const statuses: Record<string, number> = {};
  for (const entry of await db.outbox.toArray()) statuses[entry.status] = (statuses[entry.status] ?? 0) + 1;
  db.close();
  return {
    totalMs,
    outcome,
    pending,
    statuses,
    requests,
    readMs,
    longTasks,
    longTaskSupported: observer !== null,
    frameCount: gaps.length,
    gaps,
  };
}

/** refreshConfig timed as a whole: first fetch (cached row cleared) and revalidation (304). */
async function configRuns(options: {
  dbName: string;
  qrCodeKey: string;
  runs: number;
  warmup: number;
  kiosk: { deviceId: string; credential: string };
}) {
  const db = await fresh(options.dbName);
  await enrol(null, options.kiosk);
  try {
    const time = async (expected: 'updated' | 'unchanged') => {
      const t0 = performance.now();
      const result = await refreshConfig(db, options.qrCodeKey);
      const ms = performance.now() - t0;
      if (result !== expected) throw new Error(`refreshConfig answered ${result}, expected ${expected}`);
      return ms;
    };
    const first: number[] = [];
    const revalidate: number[] = [];
    for (let i = 0; i < options.warmup + options.runs; i++) {
      await db.config.delete(options.qrCodeKey);
      const ms = await time('updated');
      if (i >= options.warmup) first.push(ms);
    }
    for (let i = 0; i < options.warmup + options.runs; i++) {
      const ms = await time('unchanged');
      if (i >= options.warmup) revalidate.push(ms);
    }
    const row = await db.config.get(options.qrCodeKey);
    return { first, revalidate, version: row?.version ?? null, bytes: JSON.stringify(row?.data ?? null).length };
  } finally {
    db.close();
  }
}

const api = { commits, fill, drain, configRuns };
export type KioskBenchApi = typeof api;

(window as unknown as { __kioskBench: KioskBenchApi }).__kioskBench = api;
