import { chromium } from 'playwright-core';
const base = 'http://localhost:4100';
const r = await fetch(`${base}/service/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'master', password: 'Vestibule1!' }) });
const session = (await r.json()) as { token: string };
const call = async (method: string, path: string, body?: unknown) => (await fetch(`${base}/service${path}`, { method, headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })).json();
await call('POST', '/privacy/notice', { body: '## How Demo Corp uses your data\n\nWe keep your **name, e-mail and answers** to run the building safely:\n\n- visits for 400 days, then anonymised;\n- photos and signatures for 30 days;\n- health answers for 14 days.\n\nYou can see and erase your data from your visit\'s link. Questions: [privacy@demo.example](mailto:privacy@demo.example).' });
const buildings = (await call('GET', '/building?limit=10')) as { docs: { id: string; name: string; qrCodeKey: string }[] };
const hq = buildings.docs.find((b) => b.name === 'Demo HQ')!;
const detail = (await call('GET', `/building/${hq.id}`)) as { mobileToken?: string | null };
console.log('mt', detail.mobileToken);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const locale of ['en', 'fr', 'es']) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await context.addInitScript((locale) => localStorage.setItem('locale', locale), locale);
  const page = await context.newPage();
  await page.goto(`${base}/checkin/${hq.qrCodeKey}${detail.mobileToken ? `?mt=${detail.mobileToken}` : ''}`);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `/tmp/shots/notice-page-${locale}.png`, fullPage: true });
  await page.locator('.page-footer button').click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/notice-dialog-${locale}.png` });
  await context.close();
}
await browser.close();
