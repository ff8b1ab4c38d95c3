export const autoCheckoutModes = ['TIMEOUT', 'SPECIFIC_TIME'] as const;
export type AutoCheckoutMode = (typeof autoCheckoutModes)[number];

export interface AutoCheckoutSettings {
  autoCheckOutTimeout: string | null;
  autoCheckoutSpecificTime: string | null;
}

/** Derived on load: TIMEOUT when a timeout is set, otherwise SPECIFIC_TIME. */
export function deriveAutoCheckoutMode(settings: AutoCheckoutSettings): AutoCheckoutMode {
  return settings.autoCheckOutTimeout ? 'TIMEOUT' : 'SPECIFIC_TIME';
}

/** Switching mode clears the other mode's value. */
export function switchAutoCheckoutMode<T extends AutoCheckoutSettings>(settings: T, mode: AutoCheckoutMode): T {
  return mode === 'TIMEOUT'
    ? { ...settings, autoCheckoutSpecificTime: null }
    : { ...settings, autoCheckOutTimeout: null };
}
