import { describe, expect, it } from 'vitest';
import { groupForEvacuation } from './evacuation.ts';
import { type RollCallActor, type RollCallMark, currentMarks, rollCallTally } from './rollCall.ts';

const warden: RollCallActor = { kind: 'user', name: 'Ann Lee' };
const kiosk: RollCallActor = { kind: 'kiosk', name: 'Lobby' };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString();
const mark = (visitId: string, status: RollCallMark['status'], minute: number, markedBy = warden): RollCallMark => ({
  visitId,
  status,
  markedAt: at(minute),
  markedBy,
});
/** A person's status now, or 'unmarked'. */
const statusOf = (history: RollCallMark[], visitId: string) => currentMarks(history).get(visitId)?.status ?? 'unmarked';
const person = (visitId: string) => ({
  visitId,
  visitorType: 'VISITOR',
  firstName: visitId,
  lastName: visitId,
  companyName: null,
  host: null,
  phone: null,
  hasPhoto: false,
  checkedInAt: at(0),
});

describe('the roll call', () => {
  it("keeps each person's later mark by its time, whatever order the marks arrived in", () => {
    // The kiosk marked Bea absent at 10:05 offline; a warden marked her present at 10:03 online
    // and the kiosk's mark arrived after: the later by its time (the kiosk's) stands.
    const history = [mark('bea', 'PRESENT', 3), mark('cal', 'PRESENT', 4), mark('bea', 'ABSENT', 5, kiosk)];
    expect(currentMarks(history).get('bea')).toEqual({ ...mark('bea', 'ABSENT', 5, kiosk), status: 'ABSENT' });
    // The same marks recorded the other way round: the same outcome.
    expect(statusOf([...history].reverse(), 'bea')).toBe('ABSENT');
    expect(currentMarks(history).get('cal')).toMatchObject({ markedBy: warden });
  });

  it('takes the one recorded later of two marks at the same moment, and a mark taken back leaves the person unmarked', () => {
    expect(statusOf([mark('bea', 'PRESENT', 3), mark('bea', 'ABSENT', 3, kiosk)], 'bea')).toBe('ABSENT');
    expect(statusOf([mark('bea', 'PRESENT', 3), mark('bea', null, 4)], 'bea')).toBe('unmarked');
    // An unmark older than the mark does not undo it.
    expect(statusOf([mark('bea', 'PRESENT', 6), mark('bea', null, 4)], 'bea')).toBe('PRESENT');
  });

  it('counts present, absent and unmarked among the people inside now only', () => {
    const groups = groupForEvacuation([person('a'), person('b'), person('c')]);
    const marks = currentMarks([mark('a', 'PRESENT', 1), mark('b', 'ABSENT', 2), mark('gone', 'PRESENT', 2)]);
    // 'gone' was marked, then checked out: no longer counted.
    expect(rollCallTally(groups, marks)).toEqual({ present: 1, absent: 1, unmarked: 1, total: 3 });
    expect(rollCallTally(groups, new Map())).toEqual({ present: 0, absent: 0, unmarked: 3, total: 3 });
  });
});
