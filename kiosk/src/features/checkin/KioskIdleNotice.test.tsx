import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@vestibule/shared/i18n';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { KioskIdleNotice } from './KioskIdleNotice.tsx';
import { kioskIdleMs } from './useIdleTimer.ts';

beforeAll(async () => {
  await initTestI18n('en');
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await initTestI18n('en');
});

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('a kiosk left alone', () => {
  it('warns, then returns to its welcome screen in its own language', async () => {
    const onReset = vi.fn();
    await act(() => i18next.changeLanguage('es'));
    render(<KioskIdleNotice inUse idleMs={30_000} baseLocale="en" onReset={onReset} />);
    await advance(15_000);
    expect(screen.getByRole('status').textContent).toBe('');
    await advance(6_000);
    expect(screen.getByRole('status').textContent).toContain(resources.es.publicVisit.kiosk.stay);
    await advance(10_000);
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(i18next.resolvedLanguage).toBe('en');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('waits again from the last touch or key', async () => {
    const onReset = vi.fn();
    render(<KioskIdleNotice inUse idleMs={30_000} baseLocale="en" onReset={onReset} />);
    await advance(25_000);
    expect(screen.getByRole('button', { name: resources.en.publicVisit.kiosk.stay })).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button'));
    expect(screen.getByRole('status').textContent).toBe('');
    await advance(25_000);
    expect(onReset).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'a' });
    await advance(29_000);
    expect(onReset).not.toHaveBeenCalled();
    await advance(2_000);
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('does nothing while nobody uses it', async () => {
    const onReset = vi.fn();
    render(<KioskIdleNotice inUse={false} idleMs={10_000} baseLocale="en" onReset={onReset} />);
    await advance(60_000);
    expect(onReset).not.toHaveBeenCalled();
  });

  it('takes its idle period from the link (?idle=seconds), 60 s by default', () => {
    expect(kioskIdleMs('')).toBe(60_000);
    expect(kioskIdleMs('?idle=90')).toBe(90_000);
    expect(kioskIdleMs('?idle=2')).toBe(60_000);
    expect(kioskIdleMs('?idle=abc')).toBe(60_000);
  });
});
