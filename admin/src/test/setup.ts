import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadMantineFrame } from '../app/frames.ts';
import { i18n } from '../features/locale/index.ts';
import { useLoadingStore } from '../features/loading/index.ts';
import { useNotificationStore } from '../features/notifications/index.ts';
import { startFakeServer } from './answerCalls.ts';
import { mediaQueryList } from './mediaQuery.ts';

// jsdom lacks the layout APIs Mantine asks for.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => mediaQueryList(query, false);
}

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;
// The router restores scroll positions and axe-core probes canvas: quiet jsdom's
// "not implemented" notices.
window.scrollTo = () => undefined;
HTMLCanvasElement.prototype.getContext = () => null;

// The app fetches its Mantine frame and each screen on demand (the sign-in page has none); in the
// browser that is one small request, here the first import of each transforms its code. The frame
// is loaded once before the tests, and a test waits up to 5 s (not 1 s) for a screen to appear.
beforeAll(async () => {
  await loadMantineFrame();
});
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  // Calls are answered at fetch by contract key (answerCalls.ts); the session's are always answered.
  startFakeServer();
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(async () => {
  cleanup();
  useNotificationStore.getState().clearBanners();
  useLoadingStore.getState().reset();
  // A transition's zero-delay timer set before the unmount runs now, while the page exists: run
  // after the last test of a file, it fired on a torn-down jsdom ("window is not defined").
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});
