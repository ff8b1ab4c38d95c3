import { auditLogFilterSchema, auditLogPageSchema, auditLogQuerySchema } from '../schemas/audit.ts';
import { endpoint } from './endpoint.ts';

const tags = ['logs'];

export const auditContract = {
  'GET /auditLog': endpoint({
    tags,
    summary:
      'The audit log, newest first, a page at a time (administrators): by dates, user, action, entity, entity id and company',
    query: auditLogQuerySchema,
    response: auditLogPageSchema,
    errors: [],
  }),
  'GET /auditLog/audit.csv': endpoint({
    tags,
    summary: "The audit log as CSV with the list's filters, newest first, headings in the caller's language",
    query: auditLogFilterSchema,
    errors: [],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
