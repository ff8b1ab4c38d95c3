import { describe, expect, it } from 'vitest';
import { googleCalendarLink } from './googleCalendar.ts';

describe('googleCalendarLink', () => {
  it("writes Google's event template with the title, the UTC times, the details and the place", () => {
    const link = new URL(
      googleCalendarLink({
        title: 'Team meeting & review',
        startsAt: new Date('2026-03-02T14:30:00Z'),
        endsAt: new Date('2026-03-02T15:45:00Z'),
        details: 'Bring the figures',
        location: 'Boardroom, Ground floor, Demo HQ',
      }),
    );
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Team meeting & review',
      dates: '20260302T143000Z/20260302T154500Z',
      details: 'Bring the figures',
      location: 'Boardroom, Ground floor, Demo HQ',
    });
  });

  it('leaves out what the event does not have', () => {
    const link = new URL(
      googleCalendarLink({ title: 'Desk', startsAt: new Date(0), endsAt: new Date(3_600_000), details: null }),
    );
    expect([...link.searchParams.keys()]).toEqual(['action', 'text', 'dates']);
  });
});
