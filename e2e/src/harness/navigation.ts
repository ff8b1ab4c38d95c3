import type { Page } from 'playwright-core';

/** Waits until the address bar shows this path (the query and the hash are ignored). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { waitUntil: 'commit' });
}

/** The path the address bar shows now. */
export function currentPath(page: Page): string {
  return new URL(page.url()).pathname;
}
