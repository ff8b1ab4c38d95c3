import {
  type TemperatureUnit,
  applyCameraReading,
  isInRange,
  secondMeasureRequired,
  temperatureSymbol,
} from '@vestibule/shared';

// Temperatures as typed (text, "36.6" or "36,6") and the two-measure rule of the wizard and
// of the check-out page.

/** Readings a thermometer can plausibly give: anything else is a typing mistake. */
export const plausibleTemperature: Record<TemperatureUnit, { min: number; max: number }> = {
  CELSIUS: { min: 25, max: 45 },
  FAHRENHEIT: { min: 77, max: 113 },
};

export interface TemperatureTexts {
  first: string;
  second: string;
}

export interface TemperatureRange {
  unit: TemperatureUnit;
  /** The building's allowed range; null limits allow everything. */
  min: number | null;
  max: number | null;
}

export type TemperatureError = 'required' | 'invalid';

/** A typed temperature, or null when the text is not one. */
export function parseTemperature(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normalized)) return null;
  return Number(normalized);
}

function measureError(text: string, unit: TemperatureUnit): TemperatureError | null {
  if (text.trim() === '') return 'required';
  const value = parseTemperature(text);
  const plausible = plausibleTemperature[unit];
  return value === null || !isInRange(value, plausible.min, plausible.max) ? 'invalid' : null;
}

export interface TemperatureCheck {
  first: number | null;
  second: number | null;
  firstError: TemperatureError | null;
  /** The second measure is asked only when the first is valid and outside the allowed range. */
  secondEnabled: boolean;
  secondError: TemperatureError | null;
  valid: boolean;
}

const limits = (range: TemperatureRange) => ({
  min: range.min ?? Number.NEGATIVE_INFINITY,
  max: range.max ?? Number.POSITIVE_INFINITY,
});

export function checkTemperatures(texts: TemperatureTexts, range: TemperatureRange): TemperatureCheck {
  const firstError = measureError(texts.first, range.unit);
  const first = firstError ? null : parseTemperature(texts.first);
  const { min, max } = limits(range);
  const secondEnabled = first !== null && secondMeasureRequired(first, min, max);
  const secondError = secondEnabled ? measureError(texts.second, range.unit) : null;
  const second = secondEnabled && !secondError ? parseTemperature(texts.second) : null;
  return { first, second, firstError, secondEnabled, secondError, valid: !firstError && !secondError };
}

/** A new first measure: the second is dropped when it is no longer needed. */
export function withFirstMeasure(texts: TemperatureTexts, first: string, range: TemperatureRange): TemperatureTexts {
  const next = { ...texts, first };
  return checkTemperatures(next, range).secondEnabled ? next : { ...next, second: '' };
}

/** A camera reading fills the first measure, or the second when the first is out of range. */
export function withCameraReading(
  texts: TemperatureTexts,
  rawReading: number,
  range: TemperatureRange,
): { texts: TemperatureTexts; filled: 'first' | 'second' } {
  const reading = Math.round(rawReading * 100) / 100;
  const { min, max } = limits(range);
  const { first } = checkTemperatures(texts, range);
  // The shared rule decides; a null second measure shows which one it filled.
  const applied = applyCameraReading(reading, { tempMeasure1: first, tempMeasure2: null }, min, max);
  if (applied.tempMeasure2 === reading) return { texts: { ...texts, second: String(reading) }, filled: 'second' };
  return { texts: withFirstMeasure(texts, String(reading), range), filled: 'first' };
}

/** "36.6 °C" in the visitor's language. */
export function formatTemperature(value: number, unit: TemperatureUnit, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)} ${temperatureSymbol(unit)}`;
}
