import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const base = 'http://localhost:3411';
for (const [name, path, width, scheme] of [
  ['login-desktop-light', '/login', 1280, 'light'],
  ['signup-desktop-light', '/signup', 1280, 'light'],
  ['login-desktop-dark', '/login', 1280, 'dark'],
  ['login-mobile-light', '/login', 375, 'light'],
  ['signup-mobile-light', '/signup', 375, 'light'],
]) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
  const page = await context.newPage();
  await page.goto(base + path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  if (name === 'login-desktop-light') {
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('This field is required').first().waitFor();
  }
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  await context.close();
}
await browser.close();
