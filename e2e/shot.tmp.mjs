import { chromium } from 'playwright-core';
// url out user w h lang scrollText
const [,, url, out, user = 'master', w = '1440', h = '900', lang = 'en', scrollText = ''] = process.argv;
const base = 'http://localhost:3310';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: +w, height: +h }, hasTouch: +w < 1100, isMobile: +w < 500 });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
await page.goto(base + '/login');
await page.getByLabel(/user ?name/i).first().fill(user);
await page.getByLabel(/password/i).first().fill('Vestibule1!');
await page.keyboard.press('Enter');
await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30000 });
if (lang !== 'en') {
  // The user's language, as the profile would save it.
  const token = await page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(localStorage))));
  await page.evaluate(async (l) => {
    const raw = Object.values(localStorage).find((v) => v.includes('token'));
  }, lang);
}
await page.evaluate((l) => localStorage.setItem('locale', l), lang);
await page.goto(base + url);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(1200);
if (scrollText) await page.getByText(scrollText, { exact: false }).first().scrollIntoViewIfNeeded();
await page.screenshot({ path: out, fullPage: !scrollText });
console.log('title', await page.title());
await browser.close();
