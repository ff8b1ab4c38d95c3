import { describe, expect, it } from 'vitest';
import type { LiveVisitEvent } from '@vestibule/shared/contract';
import { EventBuffer } from './eventBuffer.ts';

const event = (seq: number): LiveVisitEvent => ({
  seq,
  tenantId: '0192a0b0-0000-7000-8000-000000000001',
  buildingId: '0192a0b0-0000-7000-8000-000000000002',
  visitId: null,
  count: 1,
  kind: 'checkedIn',
  at: '2026-11-25T12:00:00.000Z',
});

function seqsOf(events: LiveVisitEvent[] | undefined): number[] {
  if (!events) throw new Error('the buffer could not say what followed');
  return events.map((e) => e.seq);
}

describe('the live event buffer', () => {
  it('answers the events after a kept id, in the order they came (not by number)', () => {
    const buffer = new EventBuffer(10, 'start-a');
    for (const seq of [5, 3, 9, 7]) buffer.push(event(seq));
    expect(seqsOf(buffer.since('3'))).toEqual([9, 7]);
    expect(buffer.since('7')).toEqual([]);
    expect(buffer.cursor()).toBe('7');
  });

  it('answers everything since its start to a client that saw none, until an event is dropped', () => {
    const buffer = new EventBuffer(2, 'start-a');
    expect(buffer.cursor()).toBe('start-a');
    buffer.push(event(1));
    buffer.push(event(2));
    expect(seqsOf(buffer.since('start-a'))).toEqual([1, 2]);
    buffer.push(event(3));
    expect(buffer.since('start-a')).toBeUndefined();
    expect(buffer.since('1')).toBeUndefined();
    expect(seqsOf(buffer.since('2'))).toEqual([3]);
  });

  it("cannot say what followed an unknown id, another instance's start, or anything before a restart", () => {
    const buffer = new EventBuffer(10, 'start-a');
    buffer.push(event(1));
    expect(buffer.since('999')).toBeUndefined();
    expect(buffer.since('start-b')).toBeUndefined();
    buffer.restart('start-a2');
    expect(buffer.since('1')).toBeUndefined();
    expect(buffer.since('start-a')).toBeUndefined();
    expect(buffer.since('start-a2')).toEqual([]);
    expect(buffer.cursor()).toBe('start-a2');
  });
});
