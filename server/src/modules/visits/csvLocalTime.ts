// The wall-clock time of an instant on a building's clock, as the CSV files write it.

/** One formatter per time zone: making one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** yyyy-MM-dd HH:mm in a time zone, as a spreadsheet reads a date and time. */
export function csvLocalTime(value: Date | string | null, timeZone: string): string | null {
  if (value === null) return null;
  const parts = formatterOf(timeZone).formatToParts(new Date(value));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}
