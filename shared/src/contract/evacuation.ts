import {
  currentRollCallSchema,
  evacuationListSchema,
  evacuationParamsSchema,
  rollCallMarkBodySchema,
  rollCallMarkParamsSchema,
  rollCallParamsSchema,
  rollCallSchema,
  rollCallStartSchema,
} from '../schemas/evacuation.ts';
import { endpoint } from './endpoint.ts';

// The evacuation list (docs/visits.md, "The evacuation list"): everyone inside a building now,
// and its roll call ("The roll call"), shared by every warden and followed live. The roles of the
// entry log's screen (/check-in-out), within the company and, for supervisors, users and space
// users, the buildings assigned to them (another company's or an unassigned building answers 404).

const tags = ['evacuation'];

export const evacuationContract = {
  'GET /evacuation/:buildingId': endpoint({
    tags,
    summary:
      "Everyone inside the building now (checked in, not checked out), grouped by person type, with the host's name, a phone number and the check-in time",
    params: evacuationParamsSchema,
    response: evacuationListSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /evacuation/:buildingId/rollCall': endpoint({
    tags,
    summary:
      "The building's running roll call with every mark (who marked whom, how, when), else the last one ended within 12 hours, else null",
    params: evacuationParamsSchema,
    response: currentRollCallSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /evacuation/:buildingId/rollCall': endpoint({
    tags,
    summary:
      'Start a roll call of the people inside (an alarm or a drill); while one runs, answers that one unchanged (two wardens starting at once share it)',
    params: evacuationParamsSchema,
    body: rollCallStartSchema,
    response: rollCallSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /evacuation/:buildingId/rollCall/:rollCallId/end': endpoint({
    tags,
    summary: 'End a roll call; one already ended is answered as it is',
    params: rollCallParamsSchema,
    response: rollCallSchema,
    errors: ['NOT_FOUND'],
  }),
  'PUT /evacuation/:buildingId/rollCall/:rollCallId/marks/:visitId': endpoint({
    tags,
    summary: 'Mark a person of the list present or absent (a new mark in the history; the later by its time counts)',
    params: rollCallMarkParamsSchema,
    body: rollCallMarkBodySchema,
    response: rollCallSchema,
    errors: ['NOT_FOUND', 'ROLL_CALL_ENDED', 'MEETING_NOT_CHECKED_IN'],
  }),
  'DELETE /evacuation/:buildingId/rollCall/:rollCallId/marks/:visitId': endpoint({
    tags,
    summary: "Take a person's mark back (recorded in the history as an unmark)",
    params: rollCallMarkParamsSchema,
    response: rollCallSchema,
    errors: ['NOT_FOUND', 'ROLL_CALL_ENDED', 'MEETING_NOT_CHECKED_IN'],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
