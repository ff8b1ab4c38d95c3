// The admin app's one way to show a moment: every screen that writes a date or a time calls
// these, so when a user's own formats apply (their profile), they apply everywhere at once.
// Today: the language's medium date and short time.

function valid(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 2, 2026, 10:30 AM" in the user's language; a value that is no date is shown as it is. */
export function formatDateTime(iso: string, language: string): string {
  const date = valid(iso);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : iso;
}

/** "10:30 AM" in the user's language. */
export function formatTime(iso: string, language: string): string {
  const date = valid(iso);
  return date ? new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date) : iso;
}
