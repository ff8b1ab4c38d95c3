// A visit happens in its building: its times are read and typed on the building's clock, whatever
// the zone of the visitor's phone. Intl gives a zone's offset at an instant; nothing is bundled.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function partsIn(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's clock minus UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(new Date(instant), timeZone);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The date (YYYY-MM-DD) and time (HH:mm) the zone's clocks show at an instant. */
export function wallTimeOf(instant: Date | string, timeZone: string): { date: string; time: string } {
  const p = partsIn(new Date(instant), timeZone);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/**
 * The instant at which the zone's clocks show `date` and `time`: the first one when the clocks
 * show it twice (the autumn change). A time they skip (the spring change) is read with the offset
 * before the change, so it lands after it: 02:30 on a night that jumps from 02:00 to 03:00 is 03:30.
 */
export function instantOfWallTime(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(+d[1]!, +d[2]! - 1, +d[3]!, +t[1]!, +t[2]!);
  if (Number.isNaN(wall)) return null;
  // The offsets a day before and a day after: a change of offset between them is the only doubt.
  const before = wall - offsetAt(wall - DAY, timeZone);
  const after = wall - offsetAt(wall + DAY, timeZone);
  const shows = (instant: number) => {
    const shown = wallTimeOf(new Date(instant), timeZone);
    return shown.date === date && shown.time === time;
  };
  const matching = [before, after].filter(shows);
  return new Date(matching.length > 0 ? Math.min(...matching) : before);
}

/** A date and time in the visitor's language, on the building's clock. */
export function formatInZone(instant: string | null, locale: string, timeZone: string): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(date);
}

/** Only the time, on the building's clock (the end of a visit on its own day). */
export function formatTimeInZone(instant: string | null, locale: string, timeZone: string): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'short' }).format(date);
}

/** Whether the device's clock is not the building's (the page then says which zone its times are in). */
export function deviceInOtherZone(timeZone: string): boolean {
  const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const now = Date.now();
  const later = now + 180 * DAY;
  return offsetAt(now, device) !== offsetAt(now, timeZone) || offsetAt(later, device) !== offsetAt(later, timeZone);
}
