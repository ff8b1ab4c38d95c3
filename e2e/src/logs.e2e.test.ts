// The Logs screen's mailbox: an administrator reads the e-mails the service wrote.
import { describe, expect, test } from 'vitest';
import { newBuildingSettings } from '@vestibule/shared';
import { resources } from '@vestibule/shared/i18n';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { DEMO_PASSWORD, demoUsers } from './harness/demo-users.ts';
import { LoginPage } from './pages/LoginPage.ts';

const session = useBrowser();

async function call<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${session.baseUrl}/service${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

describe('mailbox', () => {
  test('an admin finds the e-mail-me copy of a check-in in the mailbox', async () => {
    const { token } = await call<{ token: string }>('/login', {
      method: 'POST',
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    const building = await call<{ id: string; qrCodeKey: string }>('/building', {
      method: 'POST',
      token,
      body: {
        name: `Mailbox House ${Date.now()}`,
        address1: '1 Post Road',
        city: 'Toronto',
        zip: 'M1M 1M1',
        state: 'ON',
        countryCode: 'CA',
        pinCode: '1234',
      },
    });
    await call(`/building/${building.id}/settings`, {
      method: 'PATCH',
      token,
      body: { ...newBuildingSettings(), emailMeEnabled: true },
    });
    const visitor = `mailbox-${Date.now()}@example.test`;
    await call('/checkin', {
      method: 'POST',
      body: {
        qrCodeKey: building.qrCodeKey,
        visitorType: 'VISITOR',
        checkInForm: { firstName: 'Mia', lastName: 'Mailbox', host: 'Reception' },
        emailMeActive: true,
        emailMeEmail: visitor,
      },
    });

    const shell = await (await LoginPage.open(session.page)).signInAs(demoUsers.admin);
    await session.page.goto('/admin/logs');
    await shell.waitUntilSignedIn(demoUsers.admin.username);
    const row = session.page.getByRole('row').filter({ hasText: visitor });
    await row.waitFor();
    const subject = row.getByRole('button');
    expect((await subject.innerText()).trim()).toMatch(/^Your visit to Mailbox House/);
    await subject.click();
    await session.page.getByText(resources.en.mail.checkInCopy.closing).waitFor();
    await expectNoAxeViolations(session.page, 'the mailbox with a message open');
  });
});
