import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { packageEntry } from './packageEntry.js';
import { ruleTester } from './ruleTester.ts';

// A workspace of its own: each folder with a package.json is a package (ui stands for one added
// later: nothing names the packages); docs has none.
const root = mkdtempSync(join(tmpdir(), 'package-entry-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const packages: Record<string, object> = {
  server: { name: '@vestibule/server', exports: { '.': './src/index.ts', './bench': './src/bench.ts' } },
  shared: { name: '@vestibule/shared', exports: { '.': './src/index.ts', './i18n/en/*': './src/i18n/en/*.ts' } },
  kiosk: { name: '@vestibule/kiosk', exports: { './offline': './src/offline/index.ts' } },
  e2e: { name: '@vestibule/e2e' },
  scripts: { name: '@vestibule/scripts', exports: './src/lib/index.ts' },
  ui: { name: '@vestibule/ui', exports: { '.': './src/index.ts' } },
};
for (const [folder, json] of Object.entries(packages)) {
  mkdirSync(join(root, folder));
  writeFileSync(join(root, folder, 'package.json'), JSON.stringify(json));
}
mkdirSync(join(root, 'docs'));

const options = [{ root }];
const e2eTest = join(root, 'e2e/src/kiosk.e2e.test.ts');
const bench = join(root, 'scripts/bench/checkin.bench.ts');

ruleTester.run('package-entry', packageEntry, {
  valid: [
    {
      name: "a package's main entry",
      filename: e2eTest,
      options,
      code: "import { buildApp } from '@vestibule/server';",
    },
    {
      name: 'another of its entries',
      filename: bench,
      options,
      code: "import { checkIn } from '@vestibule/server/bench';",
    },
    {
      name: 'an entry by its wildcard',
      filename: bench,
      options,
      code: "import { common } from '@vestibule/shared/i18n/en/common';",
    },
    {
      name: 'a subpath entry',
      filename: e2eTest,
      options,
      code: "import { openKioskDb } from '@vestibule/kiosk/offline';",
    },
    {
      name: 'relative inside the same package',
      filename: join(root, 'server/test/helpers/test-app.ts'),
      options,
      code: "import { buildApp } from '../../src/app.ts';\nimport { createTenant } from './factories.ts';",
    },
    {
      name: 'packages outside the workspace',
      filename: e2eTest,
      options,
      code: "import { chromium } from 'playwright-core';\nimport { join } from 'node:path';",
    },
    { name: 'a folder that is no package', filename: bench, options, code: "import guide from '../../docs/guide.ts';" },
  ],
  invalid: [
    {
      name: "a relative path into another package's src",
      filename: e2eTest,
      options,
      code: "import { buildApp } from '../../server/src/app.ts';",
      errors: [
        {
          message:
            "'../../server/src/app.ts' reaches into the files of server/: import the package through its entries " +
            '(use @vestibule/server, @vestibule/server/bench).',
        },
      ],
    },
    {
      name: 'deeper, from a nested folder',
      filename: join(root, 'e2e/src/harness/kiosk.ts'),
      options,
      code: "import { commitCheckIn } from '../../../kiosk/src/offline/outbox.ts';",
      errors: [{ messageId: 'relative' }],
    },
    {
      name: "another package's test support",
      filename: bench,
      options,
      code: "import { createTenant } from '../../server/test/helpers/factories.ts';",
      errors: [{ messageId: 'relative' }],
    },
    {
      name: 'a package without entries says so',
      filename: bench,
      options,
      code: "import { chromiumPath } from '../../e2e/src/harness/chromium.ts';",
      errors: [
        {
          message:
            "'../../e2e/src/harness/chromium.ts' reaches into the files of e2e/: import the package through its entries " +
            '(@vestibule/e2e exports nothing yet: add an entry to e2e/package.json "exports").',
        },
      ],
    },
    {
      name: 'a package added later (ui)',
      filename: join(root, 'kiosk/src/app/App.tsx'),
      options,
      code: "import { Button } from '../../../ui/src/Button.tsx';",
      errors: [{ messageId: 'relative' }],
    },
    {
      name: 'the src of a package by its name',
      filename: e2eTest,
      options,
      code: "import { outbox } from '@vestibule/kiosk/src/offline/outbox.ts';\nimport { buildApp } from '@vestibule/server/src/app.ts';",
      errors: [
        {
          message:
            "'@vestibule/kiosk/src/offline/outbox.ts' is not an entry of @vestibule/kiosk (use @vestibule/kiosk/offline).",
        },
        { messageId: 'subpath' },
      ],
    },
    {
      name: 're-exports, type imports and dynamic imports alike',
      filename: e2eTest,
      options,
      code: [
        "export { buildApp } from '../../server/src/app.ts';",
        "export * from '../../shared/src/index.ts';",
        "import type { Db } from '../../server/src/db/database.ts';",
        "const app = await import('../../server/src/app.ts');",
      ].join('\n'),
      errors: [
        { messageId: 'relative' },
        { messageId: 'relative' },
        { messageId: 'relative' },
        { messageId: 'relative' },
      ],
    },
  ],
});
