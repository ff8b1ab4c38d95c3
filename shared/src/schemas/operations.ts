import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';

// The administrators' operations views (docs/operations.md): the history of one object, the
// background jobs' runs, the kiosks' sync figures, the e-mail delivery log, and the self-test.

/** A day (`2026-03-05`, the whole day in UTC) or a moment with its offset. */
const dayOrMoment = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** The period filters every operations list shares: from (inclusive) and to (a day: up to its end). */
export const periodFilterFields = {
  from: dayOrMoment.optional(),
  to: dayOrMoment.optional(),
};

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
};

// ---------------------------------------------------------------------------------------------
// The history of one object.

/** What a history is asked about: a visit, a person, a user, a building, an enrolled kiosk. */
export const historyTypes = ['visit', 'person', 'user', 'building', 'kiosk'] as const;
export type HistoryType = (typeof historyTypes)[number];

export const historyParamsSchema = z.object({
  type: z.enum(historyTypes),
  /** The object's id (a kiosk's: its device id). */
  id: z.uuid(),
});

export const mailStates = ['PENDING', 'SENT', 'FAILED'] as const;
export type MailState = (typeof mailStates)[number];

/** The lifecycle moments a background job marks on a visit (its "sent at" and "expired at" columns). */
export const historyJobMoments = [
  'invitationSent',
  'hostNotified',
  'startReminderSent',
  'endReminderSent',
  'overdueAlertSent',
  'cancellationSent',
  'expired',
] as const;
export type HistoryJobMoment = (typeof historyJobMoments)[number];

const historyMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStates),
  attempts: z.number().int(),
  /** The SMTP server's answer to the last failed attempt. */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});

const historySyncSchema = z.object({
  deviceId: z.string(),
  mutationId: z.string(),
  type: z.enum(['checkIn', 'checkOut', 'rollCall']),
  outcome: z.enum(['applied', 'rejected', 'held']),
  errorCode: z.string().nullable(),
  /** An administrator's decision on a held entry. */
  review: z.enum(['applied', 'refused', 'discarded']).nullable(),
  occurredAt: z.string(),
  visitId: z.string().nullable(),
});

/** One item of a history, by its kind; `at` orders the list (oldest first). */
export const historyItemSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('audit'), at: z.string(), audit: auditEntrySchema }),
    z.object({ kind: z.literal('mail'), at: z.string(), mail: historyMailSchema }),
    z.object({ kind: z.literal('sync'), at: z.string(), sync: historySyncSchema }),
    z.object({ kind: z.literal('job'), at: z.string(), job: z.enum(historyJobMoments) }),
  ])
  .meta({ id: 'HistoryItem' });
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** At most this many items of each kind, the latest ones. */
export const HISTORY_KIND_CAP = 500;

export const historySchema = z.object({
  type: z.enum(historyTypes),
  id: z.string(),
  items: z.array(historyItemSchema),
  /** True when a kind had more than HISTORY_KIND_CAP items and only the latest are listed. */
  truncated: z.boolean(),
});
export type History = z.infer<typeof historySchema>;

// ---------------------------------------------------------------------------------------------
// The background jobs' runs.

export const jobRunFilterSchema = z.object({
  ...periodFilterFields,
  /** Part of a job's name. */
  job: z.string().trim().max(64).optional(),
  /** Only the runs that failed. */
  failed: z.enum(['true', 'false']).optional(),
});
export type JobRunFilter = z.infer<typeof jobRunFilterSchema>;
export const jobRunQuerySchema = jobRunFilterSchema.extend(pageFields);

export const jobRunSchema = z
  .object({
    id: z.uuid(),
    job: z.string(),
    startedAt: z.string(),
    finishedAt: z.string(),
    durationMs: z.number().int(),
    rowsAffected: z.number().int(),
    error: z.string().nullable(),
    instance: z.string(),
  })
  .meta({ id: 'JobRun' });
export type JobRun = z.infer<typeof jobRunSchema>;
export const jobRunPageSchema = z.object({ docs: z.array(jobRunSchema), totalDocs: z.number().int() });

// ---------------------------------------------------------------------------------------------
// The kiosks' sync figures.

export const kioskSyncFilterSchema = z.object({
  ...periodFilterFields,
  buildingId: z.uuid().optional(),
  deviceId: z.uuid().optional(),
});
export type KioskSyncFilter = z.infer<typeof kioskSyncFilterSchema>;

export const kioskSyncRowSchema = z
  .object({
    deviceId: z.string(),
    name: z.string().nullable(),
    buildingId: z.uuid(),
    buildingName: z.string(),
    /** Pushes that delivered entries in the period (one push's entries share their arrival). */
    pushes: z.number().int(),
    applied: z.number().int(),
    rejected: z.number().int(),
    /** The rejected entries by their error code. */
    rejectedCodes: z.array(z.object({ code: z.string(), count: z.number().int() })),
    held: z.number().int(),
    lastSeenAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'KioskSyncRow' });
export type KioskSyncRow = z.infer<typeof kioskSyncRowSchema>;
export const kioskSyncReportSchema = z.object({ docs: z.array(kioskSyncRowSchema) });

// ---------------------------------------------------------------------------------------------
// The e-mail delivery log (the mailbox).

export const mailboxFilterSchema = z.object({
  ...periodFilterFields,
  status: z.enum(mailStates).optional(),
  /** Part of the recipient's address. */
  recipient: z.string().trim().max(200).optional(),
});
export type MailboxFilter = z.infer<typeof mailboxFilterSchema>;
export const mailboxQuerySchema = mailboxFilterSchema.extend(pageFields);

// ---------------------------------------------------------------------------------------------
// The self-test.

export const SELF_TEST_MAX_COUNT = 2000;
export const SELF_TEST_MAX_SECONDS = 300;

export const selfTestQuerySchema = z.object({
  /** Check-ins (each followed by its check-out) to perform. */
  count: z.coerce.number().int().min(1).max(SELF_TEST_MAX_COUNT),
  /** Seconds to spread them over. */
  duration: z.coerce.number().int().min(1).max(SELF_TEST_MAX_SECONDS),
});

export const selfTestStatuses = ['running', 'done', 'failed', 'interrupted'] as const;

export const selfTestResultSchema = z.object({
  /** Check-ins and check-outs performed. */
  operations: z.number().int(),
  errors: z.number().int(),
  /** Operations per second over the whole run. */
  throughput: z.number(),
  p50Ms: z.number(),
  p95Ms: z.number(),
  p99Ms: z.number(),
  /** Second by second from the start: operations done, errors, the slowest operation. */
  perSecond: z.array(
    z.object({ second: z.number().int(), operations: z.number().int(), errors: z.number().int(), maxMs: z.number() }),
  ),
  /** The first error messages met, for the page to show. */
  errorSamples: z.array(z.string()),
});
export type SelfTestResult = z.infer<typeof selfTestResultSchema>;

export const selfTestRunSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(selfTestStatuses),
    count: z.number().int(),
    durationS: z.number().int(),
    /** Visits checked in and out so far. */
    done: z.number().int(),
    errors: z.number().int(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    result: selfTestResultSchema.nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'SelfTestRun' });
export type SelfTestRun = z.infer<typeof selfTestRunSchema>;

export const selfTestStartedSchema = z.object({ performing: z.literal(true), run: selfTestRunSchema });
export const selfTestStatusSchema = z.object({ run: selfTestRunSchema.nullable() });
