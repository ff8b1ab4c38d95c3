import type { EvacuationGroup } from './evacuation.ts';

// The roll call of an evacuation (docs/visits.md, "The roll call"): a warden starts one for a
// building (an alarm or a drill), every warden marks the people inside as present or absent, and
// one of them ends it. Marks are kept as a history; a person's mark is the latest by its time. One
// rule for the server, the admin screen and a kiosk's staff screen merging its offline marks (no
// zod here: the kiosk imports it).

/** Why the roll call runs: a real alarm, or a drill. */
export const rollCallReasons = ['ALARM', 'DRILL'] as const;
export type RollCallReason = (typeof rollCallReasons)[number];

/** Present: seen at the assembly point. Absent: reported missing (not there, or known to be inside). */
export const rollCallStatuses = ['PRESENT', 'ABSENT'] as const;
export type RollCallStatus = (typeof rollCallStatuses)[number];

/** Who marked (or started, or ended): a signed-in user, or a kiosk on its staff screen. */
export interface RollCallActor {
  kind: 'user' | 'kiosk';
  /** The user's name, or the kiosk's name; null for a kiosk without a name. */
  name: string | null;
}

/** One mark of the history. */
export interface RollCallMark {
  visitId: string;
  /** null: the mark was taken back (unmarked). */
  status: RollCallStatus | null;
  /** When the warden marked (the server's clock online, the kiosk's for a mark made on it). */
  markedAt: string;
  markedBy: RollCallActor;
}

export type CurrentMark = RollCallMark & { status: RollCallStatus };

const timeOf = (iso: string): number => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : time;
};

/**
 * Each person's mark now: of all the marks of a visit, the later by its time wins (two wardens
 * who marked the same person differently: the later mark stands, both stay in the history); at
 * the same moment, the one later in `history` (recorded later). A mark taken back leaves the
 * person unmarked.
 */
export function currentMarks(history: readonly RollCallMark[]): Map<string, CurrentMark> {
  const latest = new Map<string, RollCallMark>();
  for (const mark of history) {
    const known = latest.get(mark.visitId);
    if (!known || timeOf(mark.markedAt) >= timeOf(known.markedAt)) latest.set(mark.visitId, mark);
  }
  const current = new Map<string, CurrentMark>();
  for (const [visitId, mark] of latest)
    if (mark.status !== null) current.set(visitId, { ...mark, status: mark.status });
  return current;
}

export interface RollCallTally {
  present: number;
  absent: number;
  /** Inside and not marked yet. */
  unmarked: number;
  /** Everyone inside now. */
  total: number;
}

/**
 * The roll call's count over the people inside now: a mark of someone who has left the list
 * since (checked out) no longer counts.
 */
export function rollCallTally(
  groups: readonly EvacuationGroup[],
  marks: ReadonlyMap<string, { status: RollCallStatus }>,
): RollCallTally {
  const tally: RollCallTally = { present: 0, absent: 0, unmarked: 0, total: 0 };
  for (const group of groups) {
    for (const person of group.people) {
      tally.total++;
      const status = marks.get(person.visitId)?.status;
      if (status === 'PRESENT') tally.present++;
      else if (status === 'ABSENT') tally.absent++;
      else tally.unmarked++;
    }
  }
  return tally;
}
