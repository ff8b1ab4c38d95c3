import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAccessibility, toggleAccessibility, useAccessibilityRoot } from './accessibility.ts';

function Frame({ kiosk }: { kiosk: boolean }) {
  useAccessibilityRoot(kiosk);
  return null;
}

const root = () => document.documentElement;

afterEach(() => {
  act(() => resetAccessibility());
});

describe("a kiosk visitor's accessibility choices", () => {
  it('set their attributes on the document root, and the reset for the next person clears them', () => {
    render(<Frame kiosk />);
    act(() => {
      toggleAccessibility('largeText');
      toggleAccessibility('lowReach');
    });
    expect(root().hasAttribute('data-large-text')).toBe(true);
    expect(root().hasAttribute('data-low-reach')).toBe(true);
    expect(root().hasAttribute('data-high-contrast')).toBe(false);
    act(() => toggleAccessibility('largeText'));
    expect(root().hasAttribute('data-large-text')).toBe(false);
    act(() => resetAccessibility());
    expect(root().hasAttribute('data-low-reach')).toBe(false);
  });

  it('never apply to a page that is no kiosk (a phone keeps its own settings)', () => {
    render(<Frame kiosk={false} />);
    act(() => toggleAccessibility('highContrast'));
    expect(root().hasAttribute('data-high-contrast')).toBe(false);
  });

  it('leave the root when the kiosk frame goes', () => {
    const { unmount } = render(<Frame kiosk />);
    act(() => toggleAccessibility('reducedMotion'));
    expect(root().hasAttribute('data-reduced-motion')).toBe(true);
    unmount();
    expect(root().hasAttribute('data-reduced-motion')).toBe(false);
  });
});
