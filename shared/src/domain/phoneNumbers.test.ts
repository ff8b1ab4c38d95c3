import { describe, expect, it } from 'vitest';
import { isPhoneNumber, normalisedPhoneNumber, smsChoiceProblem } from './phoneNumbers.ts';
import { clipText } from './hostChannels.ts';

describe('a mobile number an SMS can be sent to', () => {
  it('is the international form, separators dropped', () => {
    expect(normalisedPhoneNumber('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(normalisedPhoneNumber(' +1 (416) 555-0100 ')).toBe('+14165550100');
    expect(normalisedPhoneNumber('+44.7700.900123')).toBe('+447700900123');
    for (const bad of [
      '0612345678',
      '+0612345678',
      '+1234567',
      '+1234567890123456',
      '+33 6 12 ab',
      '',
      '++33612345678',
    ])
      expect(isPhoneNumber(bad)).toBe(false);
  });

  it('is needed by the choice of SMS only', () => {
    expect(smsChoiceProblem('SMS', null)).toBe('PHONE_NUMBER_REQUIRED');
    expect(smsChoiceProblem('SMS', '  ')).toBe('PHONE_NUMBER_REQUIRED');
    expect(smsChoiceProblem('SMS', '0612')).toBe('PHONE_NUMBER_INVALID');
    expect(smsChoiceProblem('SMS', '+33612345678')).toBeNull();
    expect(smsChoiceProblem('EMAIL', null)).toBeNull();
    expect(smsChoiceProblem('SLACK', 'anything')).toBeNull();
  });
});

describe('a text clipped', () => {
  it('keeps a short text, and marks a cut one with an ellipsis within the limit', () => {
    expect(clipText('short', 160)).toBe('short');
    const cut = clipText('x'.repeat(200), 160);
    expect(cut).toHaveLength(160);
    expect(cut.endsWith('…')).toBe(true);
  });
});
