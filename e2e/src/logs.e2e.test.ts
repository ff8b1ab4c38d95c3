// The Logs screen's mailbox: an administrator reads the e-mails the service wrote.
import { describe, expect, test } from 'vitest';
import { newBuildingSettings } from '@vestibule/shared';
import { resources } from '@vestibule/shared/i18n';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { serviceClient, signedIn } from './harness/service.ts';
import { LoginPage } from './pages/LoginPage.ts';

const session = useBrowser();

describe('mailbox', () => {
  test('an admin finds the e-mail-me copy of a check-in in the mailbox', async () => {
    const admin = await signedIn(session.baseUrl, demoUsers.admin.username);
    const building = await admin.call('POST /building', {
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
    await admin.call('PATCH /building/:id/settings', {
      params: { id: building.id },
      // A building without a directory: its visitors type whom they visit.
      body: { ...newBuildingSettings(), emailMeEnabled: true, allowFreeTextHost: true },
    });
    const visitor = `mailbox-${Date.now()}@example.test`;
    await serviceClient(session.baseUrl).call('POST /checkin', {
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
    // The screen opens on the audit log; the mailbox is its second tab.
    await session.page.getByRole('tab', { name: resources.en.logs.mailbox.title }).click();
    const row = session.page.getByRole('row').filter({ hasText: visitor });
    await row.waitFor();
    // The subject opens the message (the row's other button opens the history of what it is about).
    const subject = row.getByRole('button', { name: /^Your visit to / });
    expect((await subject.innerText()).trim()).toMatch(/^Your visit to Mailbox House/);
    await subject.click();
    await session.page.getByText(resources.en.mail.checkInCopy.closing).waitFor();
    await expectNoAxeViolations(session.page, 'the mailbox with a message open');
  });
});
