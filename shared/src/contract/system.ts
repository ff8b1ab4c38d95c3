import { healthResponseSchema } from '../schemas/health.ts';
import { endpoint } from './endpoint.ts';

export const systemContract = {
  'GET /actuator/health': endpoint({
    access: 'public',
    tags: ['system'],
    summary: 'Service health with a database check (503 with the same body when the database is down)',
    response: healthResponseSchema,
    alsoAnswers: [503],
    errors: [],
  }),
};
