import { useEffect, useSyncExternalStore } from 'react';

// The kiosk's accessibility choices (docs/kiosk.md, "Accessibility"): made by one visitor for
// their own check-in, so they live in memory only and the kiosk clears them for the next person.

export const accessibilityOptions = ['largeText', 'highContrast', 'reducedMotion', 'lowReach'] as const;
export type AccessibilityOption = (typeof accessibilityOptions)[number];
export type AccessibilityChoice = Readonly<Record<AccessibilityOption, boolean>>;

const none: AccessibilityChoice = { largeText: false, highContrast: false, reducedMotion: false, lowReach: false };

let choice: AccessibilityChoice = none;
const listeners = new Set<() => void>();

function set(next: AccessibilityChoice): void {
  choice = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => choice;

export function toggleAccessibility(option: AccessibilityOption): void {
  set({ ...choice, [option]: !choice[option] });
}

/** Back to the kiosk's standard look, for the next person. */
export function resetAccessibility(): void {
  if (choice !== none) set(none);
}

export function useAccessibility(): AccessibilityChoice {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The attribute each choice sets on the document's root, where the kiosk's style sheet reads it. */
const rootAttribute: Record<AccessibilityOption, string> = {
  largeText: 'data-large-text',
  highContrast: 'data-high-contrast',
  reducedMotion: 'data-reduced-motion',
  lowReach: 'data-low-reach',
};

/**
 * Applies the choice to the document's root: the large text scales every rem of the page (the
 * root's font size), which a class on an inner element could not.
 */
export function useAccessibilityRoot(enabled: boolean): void {
  const current = useAccessibility();
  useEffect(() => {
    const root = document.documentElement;
    for (const option of accessibilityOptions) {
      root.toggleAttribute(rootAttribute[option], enabled && current[option]);
    }
  }, [enabled, current]);
  useEffect(
    () => () => {
      for (const option of accessibilityOptions) document.documentElement.removeAttribute(rootAttribute[option]);
    },
    [],
  );
}
