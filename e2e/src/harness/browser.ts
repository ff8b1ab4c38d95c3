// One Chromium per test file, a fresh browser context (empty storage) per test, so a test
// never sees the language, theme, tenant or session another test left behind.
import { chromiumArgs, chromiumPath } from '@vestibule/scripts';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import './provided-context.ts';

/** Default wait for anything a user would see; generous because the machine has 2 cores. */
export const UI_TIMEOUT_MS = 30_000;

export interface BrowserSession {
  /** The page of the current test; valid between beforeEach and afterEach. */
  readonly page: Page;
  readonly context: BrowserContext;
  readonly baseUrl: string;
}

interface BrowserOptions {
  /** More Chromium switches for this file's browser (e.g. a fake camera, harness/fake-camera.ts). */
  args?: readonly string[];
}

/**
 * Registers the hooks of a test file: the browser is launched once, each test gets a new
 * context and page (English browser locale, so the app starts in English).
 */
export function useBrowser(options: BrowserOptions = {}): BrowserSession {
  const baseUrl = inject('baseUrl');
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...chromiumArgs, ...(options.args ?? [])],
    });
  });

  beforeEach(async () => {
    if (!browser) throw new Error('The browser did not start');
    // Wider than the app's 1200 px breakpoint, so the desktop toolbar (not the burger) shows.
    context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-US',
      colorScheme: 'light',
      viewport: { width: 1280, height: 800 },
    });
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(30_000);
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    page = undefined;
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    get page(): Page {
      if (!page) throw new Error('No page: use the session inside a test');
      return page;
    },
    get context(): BrowserContext {
      if (!context) throw new Error('No browser context: use the session inside a test');
      return context;
    },
    baseUrl,
  };
}
