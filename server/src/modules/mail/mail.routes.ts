import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '@vestibule/shared';
import { adminOnly } from '../access.ts';
import { countMailbox, listMailbox } from './mail.repo.ts';

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
    handler: async (request) => {
      const limit = request.query.limit ?? 50;
      const page = Math.max(1, request.query.page ?? 1);
      const [rows, total] = await Promise.all([
        listMailbox(app.ctx.db, { offset: (page - 1) * limit, limit }),
        countMailbox(app.ctx.db),
      ]);
      return {
        docs: rows.map((row) => ({
          id: row.id,
          to: row.to_address,
          locale: row.locale,
          subject: row.subject,
          text: row.text_body,
          status: row.status,
          attempts: row.attempts,
          lastError: row.last_error,
          createdAt: new Date(row.created_at).toISOString(),
          sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
        })),
        totalDocs: total,
      };
    },
  });
}
