import { vi } from 'vitest';
import type { PostponableVisit, PublicVisit, PublicVisitApi, RegistrationPageData } from './publicVisit.api.ts';

// Answers of the public visit calls for the pages' tests, shaped by the contract's types.

const HOUR = 3_600_000;

export const building = {
  id: '01900000-0000-7000-8000-0000000b0001',
  name: 'Harbour House',
  logoVersion: 0,
  defaultLocale: 'en',
  timeZoneId: 'Europe/Paris',
};

export function publicVisit(overrides: Partial<PublicVisit> = {}): PublicVisit {
  const scheduledAt = new Date(Date.now() + 48 * HOUR);
  scheduledAt.setUTCMinutes(0, 0, 0);
  return {
    building,
    visitorType: 'VISITOR',
    firstName: 'Ada',
    lastName: 'Lovelace',
    host: 'Grace Hopper',
    status: 'EXPECTED',
    scheduledAt: scheduledAt.toISOString(),
    scheduledDuration: 'PT1H',
    checkedInAt: null,
    expectedEnd: new Date(scheduledAt.getTime() + HOUR).toISOString(),
    ...overrides,
  };
}

export function postponableVisit(overrides: Partial<PostponableVisit> = {}): PostponableVisit {
  return { ...publicVisit(), durationChoices: ['PT1H30M', 'PT2H', 'PT3H'], ...overrides };
}

export function registrationPage(overrides: Partial<RegistrationPageData> = {}): RegistrationPageData {
  const field = (order: number, mandatory: boolean, size: number) => ({
    enabled: true,
    mandatory,
    enabledEditable: true,
    mandatoryEditable: true,
    order,
    type: 'TEXT' as const,
    size,
    custom: false,
    label: '',
  });
  return {
    qrCodeKey: 'harbour-key',
    building,
    visitorTypes: ['VISITOR', 'CONTRACTOR'],
    visitorType: 'VISITOR',
    checkInForm: {
      host: field(0, true, 128),
      firstName: field(1, true, 64),
      lastName: field(2, true, 64),
      email: field(4, true, 96),
      phone: { ...field(5, false, 25), enabled: false },
    },
    durationChoices: ['PT30M', 'PT1H', 'PT1H30M', 'PT2H'],
    defaultDuration: 'PT1H',
    consentClauseActive: false,
    consentClauseText: '',
    ...overrides,
  };
}

/** Calls that fail the test if a page makes one it should not. */
export function fakeApi(overrides: Partial<PublicVisitApi> = {}): PublicVisitApi {
  const unexpected = (name: string) => vi.fn(() => Promise.reject(new Error(`unexpected call ${name}`)));
  return {
    cancelable: unexpected('cancelable'),
    cancel: unexpected('cancel'),
    postponable: unexpected('postponable'),
    postpone: unexpected('postpone'),
    reschedulable: unexpected('reschedulable'),
    reschedule: unexpected('reschedule'),
    registrationPage: unexpected('registrationPage'),
    register: unexpected('register'),
    visitorData: unexpected('visitorData'),
    eraseVisitorData: unexpected('eraseVisitorData'),
    ...overrides,
  };
}
