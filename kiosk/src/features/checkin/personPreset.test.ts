import type { IdentifiedPerson, KioskPerson, VisitSummary } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { describe, expect, it } from 'vitest';
import { lookUpAtServer, lookUpCachedPass, visitOutcome } from './personPreset.ts';

const personId = '0190f0a0-0000-7000-8000-000000000001';
const cached: KioskPerson = {
  personId,
  passIdentifier: 'pass-ada',
  firstName: 'Ada',
  lastInitial: 'L',
  visitorType: 'EMPLOYEE',
  validFrom: '2026-11-01',
  validTo: '2026-11-25',
};
const directory = {
  people: [
    cached,
    {
      ...cached,
      personId: crypto.randomUUID(),
      passIdentifier: 'pass-res',
      visitorType: 'RESIDENT' as const,
      validTo: null,
    },
  ],
  timeZoneId: 'Europe/Paris',
};
const door: IdentifiedPerson = {
  personId,
  visitorType: 'EMPLOYEE',
  wizardVisitorType: 'EMPLOYEE',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  companyName: 'Analytical',
  checkInForm: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  scheduledDuration: 'PT8H',
  answersValidUntil: '2026-11-26T10:00:00Z',
};
const invitation = {
  id: '0190f0a0-0000-7000-8000-000000000009',
  identifier: 'ABCD2345',
  publicIdentifier: 'iris-public-identifier',
  buildingId: '0190f0a0-0000-7000-8000-00000000000b',
  buildingName: 'Lobby',
  visitorType: 'VISITOR' as const,
  firstName: 'Iris',
  lastName: 'Invited',
  host: 'Grace Hopper',
  scheduledAt: '2026-11-25T09:00:00Z',
  scheduledDuration: 'PT1H',
  checkedInAt: null,
  checkedOutAt: null,
  status: 'TODAY' as const,
  allowed: true,
  flagged: false,
  pin: '4821',
  checkInForm: { email: 'iris@example.com', companyName: 'Navy' },
};
// 2026-11-25 23:30 in Paris, already the 26th in no zone west of it: the building's day decides.
const lateOn25th = new Date('2026-11-25T22:30:00Z');

describe('a pass offline (the cached directory)', () => {
  it('prefills the wizard with the first name and initial, and the pass as the proof', () => {
    const outcome = lookUpCachedPass(directory, 'pass-ada', lateOn25th);
    expect(outcome).toMatchObject({
      kind: 'person',
      preset: {
        visit: null,
        visitorType: 'EMPLOYEE',
        person: {
          personId,
          passIdentifier: 'pass-ada',
          personTicket: null,
          checkInForm: { firstName: 'Ada', lastName: 'L' },
        },
      },
    });
  });
  it('refuses a pass outside its validity on the building’s day', () => {
    expect(lookUpCachedPass(directory, 'pass-ada', new Date('2026-11-25T23:30:00Z'))).toEqual({
      kind: 'refused',
      code: 'PERSON_NOT_VALID',
    });
    expect(lookUpCachedPass(directory, 'pass-ada', new Date('2026-10-31T12:00:00Z')).kind).toBe('refused');
  });
  it('knows nothing of an unknown pass, or of a configuration cached without people', () => {
    expect(lookUpCachedPass(directory, 'nobody', lateOn25th)).toEqual({ kind: 'unknown' });
    expect(lookUpCachedPass({}, 'pass-ada', lateOn25th)).toEqual({ kind: 'unknown' });
  });
  it('checks a resident in with the visitors’ wizard', () => {
    const outcome = lookUpCachedPass(directory, 'pass-res', lateOn25th);
    expect(outcome.kind === 'person' && outcome.preset.visitorType).toBe('VISITOR');
  });
  it('is used when the kiosk is offline, without calling the server', async () => {
    const outcome = await lookUpAtServer('key', 'pass-ada', directory, {
      online: false,
      now: lateOn25th,
      fetchTarget: () => Promise.reject(new Error('no call offline')),
    });
    expect(outcome.kind).toBe('person');
  });
  it('says a code it does not know could not be checked while offline', async () => {
    const outcome = await lookUpAtServer('key', 'ABCD2345', directory, { online: false, now: lateOn25th });
    expect(outcome).toEqual({ kind: 'unchecked' });
  });
});

describe('a pass online (the server)', () => {
  const answer = (value: unknown) => () => Promise.resolve(value) as never;
  const refuse = (status: number, code: string) => () => Promise.reject(new ApiError(status, code as never, code));

  it('prefills the wizard from the record, with the employee’s answers still valid', async () => {
    const outcome = await lookUpAtServer('key', 'pass-ada', directory, {
      online: true,
      fetchTarget: answer({ kind: 'person', person: door, openVisit: null }),
    });
    expect(outcome).toMatchObject({
      kind: 'person',
      preset: {
        visitorType: 'EMPLOYEE',
        person: {
          passIdentifier: 'pass-ada',
          checkInForm: door.checkInForm,
          scheduledDuration: 'PT8H',
          answersValidUntil: door.answersValidUntil,
        },
      },
    });
  });
  it('says a person in already is in', async () => {
    const openVisit = { publicIdentifier: 'pub' } as VisitSummary;
    const outcome = await lookUpAtServer('key', 'pass-ada', directory, {
      online: true,
      fetchTarget: answer({ kind: 'person', person: door, openVisit }),
    });
    expect(outcome).toEqual({ kind: 'alreadyIn' });
  });
  it('starts the wizard from a visit the server knows, with its form and PIN', async () => {
    const outcome = await lookUpAtServer('key', 'ABCD2345', directory, {
      online: true,
      fetchTarget: answer({ kind: 'visit', ...invitation }),
    });
    expect(outcome).toEqual({
      kind: 'visit',
      preset: { visit: { kind: 'visit', ...invitation }, visitorType: 'VISITOR', checkingBack: false },
    });
  });
  it('falls back on "unchecked" when the server cannot be reached and the directory does not know the code', async () => {
    const outcome = await lookUpAtServer('key', 'ABCD2345', directory, {
      online: true,
      fetchTarget: refuse(0, 'SERVER_CONNECTION_ERROR'),
    });
    expect(outcome).toEqual({ kind: 'unchecked' });
  });
  it('refuses a deactivated person and one not valid today, and knows no unknown pass', async () => {
    for (const code of ['PERSON_DEACTIVATED', 'PERSON_NOT_VALID'] as const) {
      const outcome = await lookUpAtServer('key', 'pass-ada', directory, {
        online: true,
        fetchTarget: refuse(409, code),
      });
      expect(outcome).toEqual({ kind: 'refused', code });
    }
    const unknown = await lookUpAtServer('key', 'pass-ada', directory, {
      online: true,
      fetchTarget: refuse(404, 'CHECKIN_VISIT_NOT_FOUND'),
    });
    expect(unknown).toEqual({ kind: 'unknown' });
  });
  it('falls back on the cached directory when the server cannot be reached', async () => {
    const outcome = await lookUpAtServer('key', 'pass-ada', directory, {
      online: true,
      now: lateOn25th,
      fetchTarget: refuse(0, 'SERVER_CONNECTION_ERROR'),
    });
    expect(outcome).toMatchObject({ kind: 'person', preset: { person: { checkInForm: { lastName: 'L' } } } });
  });
});

describe('a known visit scanned at a kiosk', () => {
  it('is "already in" while on site, checks in again after a check-out, and refuses a type the wizard lacks', () => {
    expect(visitOutcome({ ...invitation, checkedInAt: '2026-11-25T09:05:00Z', status: 'IN' })).toEqual({
      kind: 'alreadyIn',
    });
    expect(visitOutcome({ ...invitation, checkedInAt: '2026-11-25T09:05:00Z', status: 'LATE' }).kind).toBe('alreadyIn');
    const back = visitOutcome({
      ...invitation,
      checkedInAt: '2026-11-25T09:05:00Z',
      checkedOutAt: '2026-11-25T10:00:00Z',
      status: 'OUT',
    });
    expect(back.kind === 'visit' && back.preset.checkingBack).toBe(true);
    expect(visitOutcome({ ...invitation, visitorType: 'RESIDENT' })).toEqual({ kind: 'unsupported' });
  });
});
