import { describe, expect, it } from 'vitest';
import { celsiusToFahrenheit, convertTemperature, fahrenheitToCelsius } from './temperature.ts';

describe('temperature unit switch', () => {
  it('converts Celsius to Fahrenheit as value x 9/5 + 32, two decimals', () => {
    expect(celsiusToFahrenheit(37.5)).toBe(99.5);
    expect(celsiusToFahrenheit(36.17)).toBe(97.11);
  });
  it('converts Fahrenheit to Celsius as (value - 32) x 5/9, two decimals', () => {
    expect(fahrenheitToCelsius(100.4)).toBe(38);
    expect(fahrenheitToCelsius(99)).toBe(37.22);
  });
  it('leaves a value alone when the unit does not change', () => {
    expect(convertTemperature(37.123, 'CELSIUS', 'CELSIUS')).toBe(37.123);
    expect(convertTemperature(38, 'CELSIUS', 'FAHRENHEIT')).toBe(100.4);
  });
});
