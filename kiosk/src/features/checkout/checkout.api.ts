import type { CallInput, CallOutput, Contract } from '@vestibule/shared/contract';
import { apiClient } from '../../app/apiClient.ts';

export type CheckOutData = CallOutput<Contract['GET /checkoutable/:publicIdentifier']>;
/** The body of PATCH /checkoutable/{publicIdentifier} (checkOutRequestSchema). */
export type CheckOutRequest = CallInput<Contract['PATCH /checkoutable/:publicIdentifier']>['body'];

export function fetchCheckOutData(publicIdentifier: string, signal?: AbortSignal) {
  return apiClient.call('GET /checkoutable/:publicIdentifier', { params: { publicIdentifier }, signal });
}

export function checkOut(publicIdentifier: string, body: CheckOutRequest) {
  return apiClient.call('PATCH /checkoutable/:publicIdentifier', { params: { publicIdentifier }, body });
}

/**
 * An enrolled kiosk's search of the building's open visits: each found with just enough for a
 * person to recognise their own, and a ticket that checks it out from this kiosk for a few minutes.
 */
export function searchOpenVisits(qrCodeKey: string, search: { lastName: string } | { phoneLast4: string }) {
  return apiClient.call('POST /buildingCheckOut/:qrCodeKey/search', { params: { qrCodeKey }, body: search });
}

export function fetchTicketCheckOutData(qrCodeKey: string, ticket: string, signal?: AbortSignal) {
  return apiClient.call('GET /buildingCheckOut/:qrCodeKey/ticket/:ticket', { params: { qrCodeKey, ticket }, signal });
}

export function ticketCheckOut(qrCodeKey: string, ticket: string, body: CheckOutRequest) {
  return apiClient.call('PATCH /buildingCheckOut/:qrCodeKey/ticket/:ticket', { params: { qrCodeKey, ticket }, body });
}

/** "Check out with my code": the visit of a visit code and PIN. */
export function searchMeeting(identifier: string, pin: string) {
  return apiClient.call('GET /searchMeeting/:identifier/:pin', { params: { identifier, pin } });
}
