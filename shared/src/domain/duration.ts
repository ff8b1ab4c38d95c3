// ISO 8601 durations as visits and building settings hold them (PT1H, PT1H30M, PT5M, PT24H): hours and
// minutes only, converted to and from whole minutes.
const pattern = /^PT(?:(\d+)H)?(?:(\d+)M)?$/;

export function isIsoDuration(value: string): boolean {
  const match = pattern.exec(value);
  return match !== null && (match[1] !== undefined || match[2] !== undefined);
}

/** Minutes of an ISO duration, or undefined when it is not one. */
export function durationToMinutes(value: string): number | undefined {
  const match = pattern.exec(value);
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

export function minutesToDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `PT${rest}M`;
  return rest === 0 ? `PT${hours}H` : `PT${hours}H${rest}M`;
}
