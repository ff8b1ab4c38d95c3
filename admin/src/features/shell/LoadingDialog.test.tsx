import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { createTestSession } from '../../test/renderApp.tsx';
import { LOADING_DIALOG_DELAY_MS, LoadingDialog } from './LoadingDialog.tsx';
import { useLoadingStore } from '../loading/index.ts';

function renderDialog() {
  const session = createTestSession();
  render(
    <AppProviders session={session} testEnvironment>
      <LoadingDialog />
    </AppProviders>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loading dialog', () => {
  it('does not flash for a quick call', () => {
    renderDialog();
    act(() => useLoadingStore.getState().track(1));
    act(() => vi.advanceTimersByTime(LOADING_DIALOG_DELAY_MS - 50));
    act(() => useLoadingStore.getState().track(-1));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says please wait while a slow call runs, and goes away when it ends', () => {
    renderDialog();
    act(() => useLoadingStore.getState().track(1));
    act(() => vi.advanceTimersByTime(LOADING_DIALOG_DELAY_MS));
    expect(screen.getByRole('dialog', { name: 'Please wait…' })).toHaveTextContent('Loading, please wait.');
    act(() => useLoadingStore.getState().track(-1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
