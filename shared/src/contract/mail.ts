import { z } from 'zod';
import { listResponseSchema } from '../schemas/common.ts';
import { mailStates, mailboxQuerySchema } from '../schemas/operations.ts';
import { endpoint } from './endpoint.ts';

/** An e-mail of the outbox, as the mailbox (the e-mail delivery log) shows it. */
export const outboxMailSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    locale: z.string(),
    subject: z.string(),
    text: z.string(),
    /** Queued (PENDING, retried with back-off), SENT, or FAILED after the last attempt. */
    status: z.enum(mailStates),
    attempts: z.number().int(),
    /** The SMTP server's answer to the last failed attempt. */
    lastError: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    /** What the e-mail is about (a visit, person or user), when known: its history lists it. */
    entity: z.enum(['visit', 'person', 'user']).nullable(),
    entityId: z.string().nullable(),
    /** How it goes: an e-mail, or a host's message in Slack, Teams or by SMS (docs/host-notifications.md). */
    channel: z.enum(['EMAIL', 'SLACK', 'TEAMS', 'SMS']),
    /** An SMS's number. */
    channelTo: z.string().nullable(),
    /** A chat or SMS provider's last answer: its status and the start of its body. */
    providerStatus: z.number().int().nullable(),
    providerAnswer: z.string().nullable(),
  })
  .meta({ id: 'OutboxMail' });

export const mailContract = {
  'GET /mailbox': endpoint({
    tags: ['logs'],
    summary:
      'Every e-mail the service wrote, newest first, with its delivery state (readable even without an SMTP server): by dates, state, recipient',
    query: mailboxQuerySchema,
    response: listResponseSchema(outboxMailSchema),
    errors: [],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
