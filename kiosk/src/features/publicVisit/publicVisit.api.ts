import type { CallBody, CallOutput, Contract } from '@vestibule/shared/contract';
import { apiClient } from '../../app/apiClient.ts';

// The visitor's own visit pages' calls. The pages take them as an object, so their
// tests give them answers without a server.

export type PublicVisit = CallOutput<Contract['GET /cancelable/:publicIdentifier']>;
export type PostponableVisit = CallOutput<Contract['GET /postponable/:publicIdentifier']>;
export type DurationChoice = CallBody<Contract['PATCH /postponable/:publicIdentifier']>['scheduledDuration'];
export type RegistrationPageData = CallOutput<Contract['GET /registration/:qrCodeKey']>;
export type RegistrationBody = CallBody<Contract['POST /registration']>;
export type Registered = CallOutput<Contract['POST /registration']>;
export type RegistrationType = NonNullable<RegistrationPageData['visitorType']>;
export type VisitorData = CallOutput<Contract['GET /visitorData/:publicIdentifier']>;

export interface PublicVisitApi {
  cancelable: (publicIdentifier: string, signal?: AbortSignal) => Promise<PublicVisit>;
  cancel: (publicIdentifier: string) => Promise<PublicVisit>;
  postponable: (publicIdentifier: string, signal?: AbortSignal) => Promise<PostponableVisit>;
  postpone: (publicIdentifier: string, scheduledDuration: DurationChoice) => Promise<PublicVisit>;
  reschedulable: (publicIdentifier: string, signal?: AbortSignal) => Promise<PublicVisit>;
  reschedule: (publicIdentifier: string, scheduledAt: string) => Promise<PublicVisit>;
  registrationPage: (
    qrCodeKey: string,
    visitorType: RegistrationType | null,
    signal?: AbortSignal,
  ) => Promise<RegistrationPageData>;
  register: (body: RegistrationBody) => Promise<Registered>;
  visitorData: (publicIdentifier: string, signal?: AbortSignal) => Promise<VisitorData>;
  eraseVisitorData: (publicIdentifier: string) => Promise<unknown>;
}

export const publicVisitApi: PublicVisitApi = {
  cancelable: (publicIdentifier, signal) =>
    apiClient.call('GET /cancelable/:publicIdentifier', { params: { publicIdentifier }, signal }),
  cancel: (publicIdentifier) =>
    apiClient.call('DELETE /cancelable/:publicIdentifier', { params: { publicIdentifier } }),
  postponable: (publicIdentifier, signal) =>
    apiClient.call('GET /postponable/:publicIdentifier', { params: { publicIdentifier }, signal }),
  postpone: (publicIdentifier, scheduledDuration) =>
    apiClient.call('PATCH /postponable/:publicIdentifier', {
      params: { publicIdentifier },
      body: { scheduledDuration },
    }),
  reschedulable: (publicIdentifier, signal) =>
    apiClient.call('GET /reschedulable/:publicIdentifier', { params: { publicIdentifier }, signal }),
  reschedule: (publicIdentifier, scheduledAt) =>
    apiClient.call('PATCH /reschedulable/:publicIdentifier', { params: { publicIdentifier }, body: { scheduledAt } }),
  registrationPage: (qrCodeKey, visitorType, signal) =>
    apiClient.call('GET /registration/:qrCodeKey', {
      params: { qrCodeKey },
      query: visitorType ? { visitorType } : {},
      signal,
    }),
  register: (body) => apiClient.call('POST /registration', { body }),
  visitorData: (publicIdentifier, signal) =>
    apiClient.call('GET /visitorData/:publicIdentifier', { params: { publicIdentifier }, signal }),
  eraseVisitorData: (publicIdentifier) =>
    apiClient.call('DELETE /visitorData/:publicIdentifier', { params: { publicIdentifier } }),
};
