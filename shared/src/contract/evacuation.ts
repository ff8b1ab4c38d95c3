import { evacuationListSchema, evacuationParamsSchema } from '../schemas/evacuation.ts';
import { endpoint } from './endpoint.ts';

// The evacuation list (docs/visits.md, "The evacuation list"): everyone inside a building now. The roles of the entry log's
// screen (/check-in-out), within the company and, for supervisors, users and space users, the
// buildings assigned to them (another company's or an unassigned building answers 404).

const tags = ['evacuation'];

export const evacuationContract = {
  'GET /evacuation/:buildingId': endpoint({
    tags,
    summary:
      "Everyone inside the building now (checked in, not checked out), grouped by person type, with the host's name and the check-in time",
    params: evacuationParamsSchema,
    response: evacuationListSchema,
    errors: ['NOT_FOUND'],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
