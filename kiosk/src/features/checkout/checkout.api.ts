import type { SelfCheckOutMatch, VisitSummary, checkOutDataSchema } from '@vestibule/shared';
import { apiClient, segment } from '../../app/apiClient.ts';

export type CheckOutData = ReturnType<typeof checkOutDataSchema.parse>;
/** The body of PATCH /checkoutable/{publicIdentifier} (checkOutRequestSchema). */
export interface CheckOutRequest {
  tempMeasure1: number | null;
  tempMeasure2: number | null;
  comments: string | null;
  questionnairesAnswers: { questionnaireId: string; answers: Record<string, string> }[];
}

export function fetchCheckOutData(publicIdentifier: string, signal?: AbortSignal) {
  return apiClient.get<CheckOutData>(`/checkoutable/${segment(publicIdentifier)}`, { signal });
}

export function checkOut(publicIdentifier: string, body: CheckOutRequest) {
  return apiClient.patch<{ status: 'success'; visit: VisitSummary | null }>(
    `/checkoutable/${segment(publicIdentifier)}`,
    body,
  );
}

/**
 * An enrolled kiosk's search of the building's open visits: each found with just enough for a
 * person to recognise their own, and a ticket that checks it out from this kiosk for a few minutes.
 */
export function searchOpenVisits(qrCodeKey: string, search: { lastName: string } | { phoneLast4: string }) {
  return apiClient.post<SelfCheckOutMatch[]>(`/buildingCheckOut/${segment(qrCodeKey)}/search`, search);
}

const ticketPath = (qrCodeKey: string, ticket: string) =>
  `/buildingCheckOut/${segment(qrCodeKey)}/ticket/${segment(ticket)}`;

export function fetchTicketCheckOutData(qrCodeKey: string, ticket: string, signal?: AbortSignal) {
  return apiClient.get<CheckOutData>(ticketPath(qrCodeKey, ticket), { signal });
}

export function ticketCheckOut(qrCodeKey: string, ticket: string, body: CheckOutRequest) {
  return apiClient.patch<{ status: 'success'; visit: VisitSummary | null }>(ticketPath(qrCodeKey, ticket), body);
}

/** "Check out with my code": the visit of a visit code and PIN. */
export function searchMeeting(identifier: string, pin: string) {
  return apiClient.get<VisitSummary>(`/searchMeeting/${segment(identifier)}/${segment(pin)}`);
}
