import { describe, expect, it } from 'vitest';
import { durationToMinutes } from './duration.ts';
import {
  VISIT_RANGE_MAX_DAYS,
  dateRangeError,
  isVisitDurationChoice,
  visitDurationChoices,
  visitState,
  visitStates,
  visitTransitions,
  mayTransition,
  transitionRefusal,
} from './visitState.ts';
import { checkInOutRoles, mayOnVisits, visitPermissions } from './visitPermissions.ts';
import { visitListQuerySchema } from '../schemas/visitManagement.ts';

describe('the 30-day date range rule', () => {
  it('accepts ranges up to 30 days, an open end, and equal ends', () => {
    expect(VISIT_RANGE_MAX_DAYS).toBe(30);
    expect(dateRangeError('2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z')).toBeNull();
    expect(dateRangeError('2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z')).toBeNull();
    expect(dateRangeError('2026-03-01T00:00:00Z', undefined)).toBeNull();
    expect(dateRangeError(undefined, '2026-03-01T00:00:00Z')).toBeNull();
  });

  it('refuses a range over 30 days, and an end before the start', () => {
    expect(dateRangeError('2026-03-01T00:00:00Z', '2026-03-31T01:00:01Z')).toBe('TOO_LONG');
    expect(dateRangeError('2026-03-01T00:00:00Z', '2026-04-15T00:00:00Z')).toBe('TOO_LONG');
    expect(dateRangeError('2026-03-02T00:00:00Z', '2026-03-01T23:59:59Z')).toBe('ORDER');
  });

  it('counts 30 whole local days across a change of summer time (a 25-hour day) as 30 days', () => {
    // Toronto falls back on 2026-11-01: midnight to midnight 30 days later is 30 days and an hour.
    expect(dateRangeError('2026-10-15T00:00:00-04:00', '2026-11-14T00:00:00-05:00')).toBeNull();
    expect(dateRangeError('2026-10-15T00:00:00-04:00', '2026-11-15T00:00:00-05:00')).toBe('TOO_LONG');
  });

  it('is the list query schema rule, with its catalogue code', () => {
    const long = visitListQuerySchema.safeParse({ from: '2026-01-01T00:00:00Z', to: '2026-02-15T00:00:00Z' });
    expect(long).toMatchObject({
      success: false,
      error: { issues: [{ path: ['to'], message: 'DATE_RANGE_TOO_LONG' }] },
    });
    expect(visitListQuerySchema.safeParse({ from: '2026-01-01T00:00:00Z', to: '2026-01-31T00:00:00Z' }).success).toBe(
      true,
    );
    expect(visitListQuerySchema.safeParse({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }).success).toBe(
      false,
    );
  });
});

describe('meeting duration choices', () => {
  it('are 5, 15, 30 minutes, 1 h, 1.5 h, then each hour from 2 to 8', () => {
    expect(visitDurationChoices.map((choice) => durationToMinutes(choice))).toEqual([
      5, 15, 30, 60, 90, 120, 180, 240, 300, 360, 420, 480,
    ]);
  });

  it('refuses any other duration', () => {
    expect(isVisitDurationChoice('PT1H30M')).toBe(true);
    expect(isVisitDurationChoice('PT8H')).toBe(true);
    for (const other of ['PT90M', 'PT9H', 'PT10M', 'PT0M', '1h', '']) expect(isVisitDurationChoice(other)).toBe(false);
  });
});

const at = '2026-03-05T10:00:00Z';
const facts = {
  invited: { checkedInAt: null, checkedOutAt: null, cancelledAt: null, allowed: true },
  cancelled: { checkedInAt: null, checkedOutAt: null, cancelledAt: at, allowed: true },
  refused: { checkedInAt: null, checkedOutAt: null, cancelledAt: null, allowed: false },
  in: { checkedInAt: at, checkedOutAt: null, cancelledAt: null, allowed: true },
  out: { checkedInAt: at, checkedOutAt: at, cancelledAt: null, allowed: true },
};

describe('meeting states and transitions', () => {
  it('derives the state from the stored facts', () => {
    expect(Object.values(facts).map(visitState)).toEqual(['INVITED', 'CANCELLED', 'REFUSED', 'IN', 'OUT']);
  });

  it('allows each action in its states only', () => {
    const table = Object.fromEntries(
      Object.keys(visitTransitions).map((action) => [
        action,
        visitStates.filter((state) => mayTransition(state, action as keyof typeof visitTransitions)),
      ]),
    );
    expect(table).toEqual({
      checkIn: ['INVITED'],
      checkOut: ['IN'],
      checkInBack: ['OUT'],
      cancel: ['INVITED'],
      update: ['INVITED', 'IN'],
      reschedule: ['INVITED'],
      questionnaires: ['INVITED'],
      exitQuestionnaires: ['IN'],
      replace: ['IN', 'OUT'],
      remove: ['INVITED', 'CANCELLED', 'REFUSED', 'IN', 'OUT'],
      resend: ['INVITED'],
    });
  });

  it('says why an action does not apply, never with a 403 code', () => {
    expect(transitionRefusal('IN', 'checkIn')).toBe('CHECKEDIN');
    expect(transitionRefusal('IN', 'checkInBack')).toBe('CHECKEDIN');
    expect(transitionRefusal('IN', 'cancel')).toBe('MEETING_ALREADY_STARTED');
    expect(transitionRefusal('OUT', 'checkOut')).toBe('MEETING_NOT_CHECKED_IN');
    expect(transitionRefusal('OUT', 'update')).toBe('MEETING_ALREADY_STARTED');
    expect(transitionRefusal('INVITED', 'checkOut')).toBe('MEETING_NOT_CHECKED_IN');
    expect(transitionRefusal('INVITED', 'checkInBack')).toBe('MEETING_NOT_CHECKED_OUT');
    expect(transitionRefusal('CANCELLED', 'checkIn')).toBe('MEETING_CANCELLED');
    expect(transitionRefusal('REFUSED', 'checkIn')).toBe('MEETING_REFUSED');
    expect(transitionRefusal('INVITED', 'checkIn')).toBeNull();
    expect(transitionRefusal('OUT', 'remove')).toBeNull();
  });
});

describe('who may do what on the entry log', () => {
  it('admits every role of /check-in-out to the list, and nobody else', () => {
    expect(checkInOutRoles).toEqual(['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE']);
    expect(mayOnVisits('ROLE_TECH_1', 'view')).toBe(false);
    expect(mayOnVisits(undefined, 'view')).toBe(false);
  });

  it('gives space users the list and their invitations, no door work; users all but removing', () => {
    const of = (role: string) =>
      Object.keys(visitPermissions).filter((permission) =>
        mayOnVisits(role, permission as keyof typeof visitPermissions),
      );
    expect(of('ROLE_SPACE')).toEqual(['view', 'export', 'invite', 'update', 'cancel']);
    expect(of('ROLE_USER')).toEqual(Object.keys(visitPermissions).filter((p) => p !== 'remove'));
    expect(of('ROLE_SUPERVISOR')).toEqual(Object.keys(visitPermissions));
    // The client's comma-joined role string.
    expect(mayOnVisits('ROLE_SPACE,ROLE_USER', 'checkIn')).toBe(true);
  });
});
