import {
  historyParamsSchema,
  historySchema,
  jobRunFilterSchema,
  jobRunPageSchema,
  jobRunQuerySchema,
  kioskSyncFilterSchema,
  kioskSyncReportSchema,
  mailboxFilterSchema,
  selfTestQuerySchema,
  selfTestStartedSchema,
  selfTestStatusSchema,
} from '../schemas/operations.ts';
import { endpoint } from './endpoint.ts';

// The administrators' operations calls (docs/operations.md): the Logs screen's tabs beside the
// audit log, the history of one object, and the self-test of the Tests screen.

const tags = ['logs'];

export const operationsContract = {
  'GET /logs/:type/:id': endpoint({
    tags,
    summary:
      "The history of one object of the selected company (a visit, person, user, building or kiosk): its audit rows, e-mails, kiosk entries and jobs' marks, oldest first",
    params: historyParamsSchema,
    response: historySchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /jobRuns': endpoint({
    tags,
    summary: "The background jobs' runs, newest first, a page at a time: by dates, job, failures only",
    query: jobRunQuerySchema,
    response: jobRunPageSchema,
    errors: [],
  }),
  'GET /jobRuns/jobRuns.csv': endpoint({
    tags,
    summary: "The background jobs' runs as CSV with the list's filters, newest first",
    query: jobRunFilterSchema,
    errors: [],
  }),
  'GET /kioskSync': endpoint({
    tags,
    summary:
      'Each kiosk of the selected company over a period: pushes, entries applied, rejected (by code) and held, last seen; by building and device',
    query: kioskSyncFilterSchema,
    response: kioskSyncReportSchema,
    errors: [],
  }),
  'GET /kioskSync/kioskSync.csv': endpoint({
    tags,
    summary: "The kiosks' sync figures as CSV with the same filters",
    query: kioskSyncFilterSchema,
    errors: [],
  }),
  'GET /mailbox/mailbox.csv': endpoint({
    tags,
    summary: "The e-mail delivery log as CSV with the mailbox's filters, newest first",
    query: mailboxFilterSchema,
    errors: [],
  }),
  'GET /stresstest': endpoint({
    tags: ['tests'],
    summary:
      'Starts the self-test: count check-ins and check-outs over duration seconds in a throwaway company, removed afterwards; answers at once',
    query: selfTestQuerySchema,
    response: selfTestStartedSchema,
    errors: ['STRESSTEST_RUNNING'],
  }),
  'GET /stresstest/status': endpoint({
    tags: ['tests'],
    summary: "The latest self-test's progress and, once done, its figures",
    response: selfTestStatusSchema,
    errors: [],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
