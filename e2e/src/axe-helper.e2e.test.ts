// The accessibility helper must fail loudly: a scan that always passes would make every
// "zero violations" assertion of the suite worthless.
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';

const session = useBrowser();

describe('expectNoAxeViolations', () => {
  test('lists each violation with its id, impact and target', async () => {
    await session.page.setContent(
      '<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>' +
        '<h1>Broken page</h1><img id="no-alt" src="data:,"><input id="no-label" type="text">' +
        '</main></body></html>',
    );
    const failure = await expectNoAxeViolations(session.page, 'a broken page').then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(failure).toContain('a broken page');
    expect(failure).toMatch(/- image-alt \(critical\): .*#no-alt/);
    expect(failure).toMatch(/- label \(critical\): .*#no-label/);
  });

  test('passes a page without violations', async () => {
    await session.page.setContent(
      '<!doctype html><html lang="en"><head><title>Fine</title></head><body><main>' +
        '<h1>Fine page</h1><label for="name">Name</label><input id="name" type="text">' +
        '</main></body></html>',
    );
    await expectNoAxeViolations(session.page, 'a fine page');
  });
});
