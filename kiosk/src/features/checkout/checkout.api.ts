import type { VisitSummary, checkOutDataSchema } from '@vestibule/shared';
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

/** One open visit found by a self check-out search: just enough for a person to recognise their own. */
export interface SelfCheckOutMatch {
  publicIdentifier: string;
  firstName: string;
  lastInitial: string;
  checkedInAt: string;
}

export function searchOpenVisits(qrCodeKey: string, search: { lastName: string } | { phoneLast4: string }) {
  return apiClient.post<SelfCheckOutMatch[]>(`/buildingCheckOut/${segment(qrCodeKey)}/search`, search);
}

/** "Check out with my code": the visit of a visit code and PIN. */
export function searchMeeting(identifier: string, pin: string) {
  return apiClient.get<VisitSummary>(`/searchMeeting/${segment(identifier)}/${segment(pin)}`);
}
