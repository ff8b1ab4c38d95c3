import { chromium } from 'playwright-core';

const base = 'http://localhost:4100';
const qr = process.argv[2]!;
const mt = process.argv[3]!;
const out = '/tmp/shots';

async function api(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${base}/service${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) console.log(method, path, response.status, text.slice(0, 300));
  return text ? JSON.parse(text) : null;
}

const login = await api('POST', '/login', null, { username: 'master', password: 'Vestibule1!' });
const token = login.token as string;
await api('POST', '/watchlist', token, { kind: 'NAME', value: 'Zoë Brontë-Lefèvre', action: 'HOLD', reason: 'Former contractor: escort required on site.' });
await api('POST', '/watchlist', token, { kind: 'COMPANY', value: 'Initech Freight Logistique Internationale', action: 'DENY', reason: 'Contract dispute under way; legal asked that nobody from this company be let in until further notice.' });
await api('POST', '/watchlist', token, { kind: 'EMAIL', value: 'mallory.longaddress@competitor-industries.example', action: 'DENY', reason: 'Industrial espionage.' });
const people = await api('GET', '/people?search=Ortiz', token);
const hostId = people.docs[0].id;
const data = await api('GET', `/building/${qr}/checkInData?visitorType=VISITOR&mt=${mt}`, null);
const questionnairesAnswers = data.questionnaires.map((q: any) => ({
  questionnaireId: q.id,
  answers: Object.fromEntries(q.items.map((item: any) => [item.id, item.questionType === 'FREEFORM' ? 'none' : 'NO'])),
}));
const checkIn = await api('POST', '/checkin', null, {
  qrCodeKey: qr, mt, visitorType: 'VISITOR', checkInForm: { firstName: 'Zoe', lastName: 'Bronte-Lefevre', companyName: 'Acme', host: 'Elena Ortiz' }, scheduledDuration: 'PT1H', hostPersonId: hostId,
  questionnairesAnswers, consentAccepted: true,
});
console.log('check-in', JSON.stringify(checkIn).slice(0, 200));

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(`${base}/login`);
await page.getByRole('textbox', { name: 'Username' }).fill('master');
await page.getByRole('textbox', { name: 'Password' }).fill('Vestibule1!');
await page.getByRole('button', { name: 'Log in' }).click();
await page.waitForURL((url) => url.pathname !== '/login');
await page.waitForTimeout(1500);
for (const locale of ['en', 'fr', 'es']) {
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await page.goto(`${base}/admin/watchlist`);
  await page.getByTestId('watchlist-table').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/watchlist-${locale}.png`, fullPage: true });
  await page.getByRole('button').filter({ hasText: /watchlist|liste|lista/i }).first().click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/watchlist-dialog-${locale}.png` });
  await page.keyboard.press('Escape');
  await page.goto(`${base}/admin/privacy`);
  await page.getByTestId('subject-search').waitFor();
  await page.getByTestId('subject-search').fill('zoe');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  await page.getByTestId('subject-results').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 300));
  await page.screenshot({ path: `${out}/privacy-requests-${locale}.png` });
  await page.goto(`${base}/check-in-out`);
  await page.getByTestId('entry-log-table').waitFor();
  await page.waitForTimeout(1500);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('entry-log-table').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/entrylog-${locale}.png` });
}
await browser.close();
