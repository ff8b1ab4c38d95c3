import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { createTestSession } from '../../test/renderApp.tsx';
import { NotificationBanners } from './NotificationBanners.tsx';
import { useNotificationStore } from './notification.store.ts';

function renderBanners() {
  const session = createTestSession();
  return render(
    <AppProviders session={session} testEnvironment>
      <NotificationBanners />
    </AppProviders>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('banners', () => {
  it('hides a success message after 6 seconds', () => {
    renderBanners();
    act(() => useNotificationStore.getState().showSuccess({ key: 'common.SAVED_SUCCESSFULLY' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved successfully.');
    act(() => vi.advanceTimersByTime(5999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps a success message with timeout 0 and fills its placeholders', () => {
    renderBanners();
    act(() =>
      useNotificationStore
        .getState()
        .showSuccess({ key: 'login.LOGGED_OUT_AS_SUCCESS', params: { username: 'user' } }, 0),
    );
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('status')).toHaveTextContent('You are no longer logged in as user.');
  });

  it('lists several errors and keeps them until closed', () => {
    renderBanners();
    act(() =>
      useNotificationStore
        .getState()
        .showError([{ key: 'errors.TENANT_REQUIRED' }, { key: 'errors.IS_EMPTY', params: { field: 'name' } }]),
    );
    act(() => vi.advanceTimersByTime(60_000));
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['A company must be selected.', 'This field must not be empty: name.']);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
