export const temperatureUnits = ['CELSIUS', 'FAHRENHEIT'] as const;
export type TemperatureUnit = (typeof temperatureUnits)[number];

const round2 = (value: number) => Math.round(value * 100) / 100;

export function celsiusToFahrenheit(value: number): number {
  return round2((value * 9) / 5 + 32);
}

export function fahrenheitToCelsius(value: number): number {
  return round2(((value - 32) * 5) / 9);
}

/** A temperature in `from` expressed in `to`, two decimals (the settings tab's unit switch). */
export function convertTemperature(value: number, from: TemperatureUnit, to: TemperatureUnit): number {
  if (from === to) return value;
  return from === 'CELSIUS' ? celsiusToFahrenheit(value) : fahrenheitToCelsius(value);
}

export function temperatureSymbol(unit: TemperatureUnit): string {
  return unit === 'CELSIUS' ? '°C' : '°F';
}
