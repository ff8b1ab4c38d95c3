// An "Add to Google Calendar" link (docs/space-booking.md, "E-mails and calendars"): Google's
// event template page, filled from the link alone, so no Google account is linked to Vestibule.

export interface CalendarEventLink {
  title: string;
  startsAt: Date;
  endsAt: Date;
  details?: string | null;
  location?: string | null;
}

/** A moment as the template writes it: 20260302T143000Z. */
const utcStamp = (moment: Date) =>
  moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function googleCalendarLink(event: CalendarEventLink): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utcStamp(event.startsAt)}/${utcStamp(event.endsAt)}`,
  });
  if (event.details) query.set('details', event.details);
  if (event.location) query.set('location', event.location);
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}
