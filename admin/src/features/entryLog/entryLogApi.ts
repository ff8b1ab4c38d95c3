import { HOST_SEARCH_LIMIT, type VisitSortColumn, type VisitorType, type WizardVisitorType } from '@vestibule/shared';
import type { CallInput, CallOutput, Contract } from '@vestibule/shared/contract';
import { api } from '../../api/apiClient.ts';

// The entry log's calls (the contract's visits and staff check-in calls), each through the app's one
// client and the shared contract. Which role may make which call is the shared rule
// (domain/visitPermissions.ts): the screen shows a button only when its call is granted, since
// a refused call (403) signs the user out. Tests answer these calls at fetch by contract key (admin/src/test/answerCalls.ts).

type Query<K extends keyof Contract> = NonNullable<CallInput<Contract[K]> extends { query?: infer Q } ? Q : never>;

/** A page of the list as the screen asks for it (sort and paging always given). */
export type VisitListRequest = Omit<Query<'GET /meeting'>, 'sort' | 'order' | 'page' | 'limit'> & {
  sort: VisitSortColumn;
  order: 1 | -1;
  page: number;
  limit: number;
};

export type VisitCsvQuery = Query<'GET /meetings/meetings.csv'>;
export type StaffCheckInBody = CallInput<Contract['PATCH /meeting/:id/check-in']>['body'];
export type StaffCheckOutBody = CallInput<Contract['PATCH /meeting/:id/check-out']>['body'];
export type InviteBody = CallInput<Contract['POST /meeting']>['body'];
export type UpdateBody = CallInput<Contract['PATCH /meeting/:id']>['body'];
export type FastCheckInBody = CallInput<Contract['POST /meetingWithCheckIn']>['body'];
export type CheckOutData = CallOutput<Contract['GET /meeting/:id/check-out']>;

const byId = (id: string) => ({ params: { id } });

export const entryLogApi = {
  list: (query: VisitListRequest, signal?: AbortSignal) => api.call('GET /meeting', { query, signal }),
  /** Who the watchlist holds at the door in the user's buildings, whatever the list shows (its banner). */
  held: (signal?: AbortSignal) => api.call('GET /meetings/held', { signal }),
  stats: (buildingId: string, signal?: AbortSignal) =>
    api.call('GET /meetingStats/:buildingId', { params: { buildingId }, signal }),
  /** meetings.csv with the list's filters and sort, as text. */
  csv: async (query: VisitCsvQuery) => String(await api.call('GET /meetings/meetings.csv', { query })),
  detail: (id: string) => api.call('GET /meeting/:id', byId(id)),
  invite: (body: InviteBody) => api.call('POST /meeting', { body }),
  /** Changes a visit's details (the changed fields only). */
  update: (id: string, body: UpdateBody) => api.call('PATCH /meeting/:id', { ...byId(id), body }),
  /** Sends the invitation again (the invitation job sends it within seconds). */
  resendInvitation: (id: string) => api.call('POST /meeting/:id/resendInvitation', byId(id)),
  /** The building's hosts (people who can host, users who see it) whose first or last name starts with `name`. */
  hosts: async (buildingId: string, name: string, signal?: AbortSignal) =>
    (
      await api.call('GET /meeting/building/:id/employee', {
        params: { id: buildingId },
        query: { name: name || undefined, limit: HOST_SEARCH_LIMIT },
        signal,
      })
    ).docs,
  /** People of a building's directory, of one type or all (roles that read the directory only). */
  people: async (buildingId: string, search: string, visitorType: VisitorType | undefined, signal?: AbortSignal) =>
    (
      await api.call('GET /people', {
        query: { buildingId, search: search || undefined, visitorType, active: 'true', limit: 20 },
        signal,
      })
    ).docs,
  checkInData: (id: string) => api.call('GET /meeting/:id/check-in', byId(id)),
  checkIn: (id: string, body: StaffCheckInBody) => api.call('PATCH /meeting/:id/check-in', { ...byId(id), body }),
  checkOutData: (id: string) => api.call('GET /meeting/:id/check-out', byId(id)),
  checkOut: (id: string, body: StaffCheckOutBody) => api.call('PATCH /meeting/:id/check-out', { ...byId(id), body }),
  checkInBack: (id: string) => api.call('PATCH /meeting/:id/check-in-back', byId(id)),
  cancel: (id: string) => api.call('PATCH /meeting/:id/cancel', byId(id)),
  /** A visitor the watchlist holds at the door, let in (checked in now, the host told) or refused. */
  approveHeld: (id: string) => api.call('POST /meeting/:id/approveHeld', byId(id)),
  refuseHeld: (id: string) => api.call('POST /meeting/:id/refuseHeld', byId(id)),
  /** Who checked in at a building before, each once by their latest visit, newest first (the desk's search). */
  returning: async (buildingId: string, search: string, signal?: AbortSignal) =>
    (
      await api.call('GET /meeting/building/:id/returning', {
        params: { id: buildingId },
        query: { search: search || undefined, limit: 12 },
        signal,
      })
    ).docs,
  /** A building's check-in for a person type (the kiosk's form and questions) and whether the desk asks the questions. */
  buildingCheckInData: (buildingId: string, visitorType: WizardVisitorType, signal?: AbortSignal) =>
    api.call('GET /meeting/building/:id/checkInData', { params: { id: buildingId }, query: { visitorType }, signal }),
  /** The desk's check-in: a new visit checked in at once. */
  fastCheckIn: (body: FastCheckInBody) => api.call('POST /meetingWithCheckIn', { body }),
  /** A returning visitor checked in again: a new visit with this one's form, host and answers (while they hold). */
  checkInAgain: (id: string) => api.call('POST /meeting/instantReplacementCheckin', { body: { meetingId: id } }),
  remove: async (id: string) => {
    await api.call('DELETE /meeting/:id', byId(id));
  },
};
