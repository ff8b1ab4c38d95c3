import { describe, expect, it } from 'vitest';
import { deriveAutoCheckoutMode, switchAutoCheckoutMode } from './autoCheckout.ts';

describe('auto check-out mode', () => {
  it('is TIMEOUT when a timeout exists, otherwise SPECIFIC_TIME', () => {
    expect(deriveAutoCheckoutMode({ autoCheckOutTimeout: 'PT1H', autoCheckoutSpecificTime: null })).toBe('TIMEOUT');
    expect(deriveAutoCheckoutMode({ autoCheckOutTimeout: null, autoCheckoutSpecificTime: '18:00' })).toBe(
      'SPECIFIC_TIME',
    );
    expect(deriveAutoCheckoutMode({ autoCheckOutTimeout: null, autoCheckoutSpecificTime: null })).toBe('SPECIFIC_TIME');
  });
  it('clears the other mode when switching', () => {
    const both = { autoCheckOutTimeout: 'PT2H', autoCheckoutSpecificTime: '18:00' };
    expect(switchAutoCheckoutMode(both, 'TIMEOUT')).toEqual({
      autoCheckOutTimeout: 'PT2H',
      autoCheckoutSpecificTime: null,
    });
    expect(switchAutoCheckoutMode(both, 'SPECIFIC_TIME')).toEqual({
      autoCheckOutTimeout: null,
      autoCheckoutSpecificTime: '18:00',
    });
  });
});
