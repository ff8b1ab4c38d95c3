import { idParamsSchema, listResponseSchema } from '../schemas/common.ts';
import { meetingListQuerySchema, visitDetailSchema, visitSummarySchema } from '../schemas/visit.ts';
import { endpoint } from './endpoint.ts';

const tags = ['meetings'];

export const meetingsContract = {
  'GET /meeting': endpoint({
    tags,
    summary: "Visits of the current tenant, with the entry log's filters",
    query: meetingListQuerySchema,
    response: listResponseSchema(visitSummarySchema),
    errors: [],
  }),
  'GET /meeting/:id': endpoint({
    tags,
    summary: 'One visit with its answers',
    params: idParamsSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND'],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
