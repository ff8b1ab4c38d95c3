// Admin and tech users work on one company at a time and switch it from the toolbar.
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { DEMO_TENANT, OTHER_TENANT, demoUsers } from './harness/demo-users.ts';
import { LoginPage } from './pages/LoginPage.ts';

const session = useBrowser();
const admin = demoUsers.admin;

describe('tenant selector', () => {
  test('admin switches to Northwind and a reload keeps it', async () => {
    const shell = await (await LoginPage.open(session.page)).signInAs(admin);
    await shell.tenantButtonFor(DEMO_TENANT).waitFor();

    const dialog = await shell.openTenantSelector();
    await expectNoAxeViolations(session.page, 'the tenant selector dialog');
    expect(await dialog.optionLabels()).toEqual(expect.arrayContaining([DEMO_TENANT, OTHER_TENANT]));

    await dialog.chooseWithKeyboard(OTHER_TENANT);
    await shell.tenantButtonFor(OTHER_TENANT).waitFor();
    expect((await shell.tenantButton.innerText()).trim()).toBe(OTHER_TENANT);

    await session.page.reload();
    await shell.waitUntilSignedIn(admin.username);
    await shell.tenantButtonFor(OTHER_TENANT).waitFor();
    expect((await shell.tenantButton.innerText()).trim()).toBe(OTHER_TENANT);
  });

  // The list once opened upwards inside the dialog, under its header: it must stay visible and clickable.
  test('the tenant list is visible and clickable in the dialog', async () => {
    const shell = await (await LoginPage.open(session.page)).signInAs(admin);
    const dialog = await shell.openTenantSelector();
    await dialog.optionLabels();
    for (const tenant of [DEMO_TENANT, OTHER_TENANT]) {
      await expect.poll(() => dialog.optionIsUncovered(tenant), { timeout: 3_000 }).toBe(true);
    }
    await dialog.chooseWithPointer(OTHER_TENANT);
    await shell.tenantButtonFor(OTHER_TENANT).waitFor();
  });
});
