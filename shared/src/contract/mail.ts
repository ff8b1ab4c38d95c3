import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

/** An e-mail of the outbox, as the mailbox shows it. */
const outboxMailSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    locale: z.string(),
    subject: z.string(),
    text: z.string(),
    status: z.enum(['PENDING', 'SENT', 'FAILED']),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'OutboxMail' });

export const mailContract = {
  'GET /mailbox': endpoint({
    tags: ['logs'],
    summary: 'Every e-mail the service wrote, newest first (readable even without an SMTP server)',
    query: listQuerySchema,
    response: listResponseSchema(outboxMailSchema),
    errors: [],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
