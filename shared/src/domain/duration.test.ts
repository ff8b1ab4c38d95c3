import { describe, expect, it } from 'vitest';
import { durationToMinutes, isIsoDuration, minutesToDuration } from './duration.ts';

describe('ISO 8601 durations', () => {
  it('reads hours and minutes', () => {
    expect(durationToMinutes('PT1H')).toBe(60);
    expect(durationToMinutes('PT1H30M')).toBe(90);
    expect(durationToMinutes('PT5M')).toBe(5);
    expect(durationToMinutes('PT24H')).toBe(1440);
  });
  it('refuses what is not a duration', () => {
    expect(isIsoDuration('PT')).toBe(false);
    expect(isIsoDuration('1H')).toBe(false);
    expect(durationToMinutes('P1D')).toBeUndefined();
  });
  it('writes the shortest form', () => {
    expect(minutesToDuration(60)).toBe('PT1H');
    expect(minutesToDuration(90)).toBe('PT1H30M');
    expect(minutesToDuration(15)).toBe('PT15M');
  });
});
