import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '@vestibule/shared';
import { adminOnly } from '../access.ts';
import { mailboxPage } from './mail.service.ts';

const mailSchema = z
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

export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/mailbox', {
    config: { access: adminOnly },
    schema: {
      tags: ['logs'],
      summary: 'Every e-mail the service wrote, newest first (readable even without an SMTP server)',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(mailSchema) },
    },
    handler: (request) => mailboxPage(app.ctx, request.query),
  });
}
