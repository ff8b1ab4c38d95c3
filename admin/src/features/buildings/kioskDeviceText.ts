// How the kiosk devices section writes ids and times (moments: ../../format/useDateTimeFormat.ts).

/** Device ids are UUIDs: their first group tells kiosks apart on screen; the title keeps the whole id. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
];

/** "5 minutes ago" in the user's language, counted from when the list was loaded. */
export function formatRelative(iso: string, now: number, language: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  let amount = (time - now) / 1000;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}
