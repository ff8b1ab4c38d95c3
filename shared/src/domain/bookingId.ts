// A booking's identifiers (docs/space-booking.md): a series is named by its uuid, and
// `<uuid>-<n>` names its occurrence n (1 for the first). The identifier is the uuid, the 36
// characters before the suffix; the suffix only picks an occurrence of it.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUFFIX = /^[1-9][0-9]{0,3}$/;

/** A series' uuid and, when the identifier carries a suffix, the occurrence it names. */
export interface BookingRef {
  seriesId: string;
  occurrence: number | null;
}

/** Reads `<uuid>` or `<uuid>-<n>` (n from 1); anything else is null. */
export function parseBookingRef(text: string): BookingRef | null {
  const uuid = text.slice(0, 36);
  if (!UUID.test(uuid)) return null;
  const rest = text.slice(36);
  if (rest === '') return { seriesId: uuid.toLowerCase(), occurrence: null };
  if (!rest.startsWith('-') || !SUFFIX.test(rest.slice(1))) return null;
  return { seriesId: uuid.toLowerCase(), occurrence: Number(rest.slice(1)) };
}

/** The identifier of a series' occurrence n. */
export function bookingOccurrenceRef(seriesId: string, occurrence: number): string {
  return `${seriesId}-${occurrence}`;
}
