import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';
import { moduleCycle } from './moduleCycle.js';
import { ruleTester } from './ruleTester.ts';

// A modules folder of its own per case, written before the rule reads it.
const root = mkdtempSync(join(tmpdir(), 'module-cycle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let trees = 0;
/** Writes `files` (path under the modules folder -> source) and answers the folder. */
function modules(files: Record<string, string>): string {
  const dir = join(root, `tree${++trees}`, 'modules');
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), source);
  }
  return dir;
}

// users -> account through users.service.ts, account -> users through account.service.ts: no file
// imports a file that imports it back, so import-x/no-cycle passes; the modules are a cycle.
const usersImportsAccount = "import { accountOf } from '../account/account.repo.ts';\n";
const accountImportsUsers = "import {\n  findUser,\n} from '../users/users.repo.ts';\n";
const crossed = modules({
  'users/users.service.ts': usersImportsAccount,
  'users/users.repo.ts': 'export const findUser = () => null;\n',
  'account/account.repo.ts': 'export const accountOf = () => null;\n',
  'account/account.service.ts': accountImportsUsers,
  'auth/auth.service.ts': 'export const signIn = () => null;\n',
});
// a -> b -> c, and c imports a: a longer cycle; a type import is a dependency too.
const ring = modules({
  'a/a.ts': "import type { B } from '../b/b.ts';\n",
  'b/b.ts': "export * from '../c/c.ts';\n",
  'c/c.ts': "import { a } from '../a/a.ts';\n",
});
// account imports users; only users' test imports account back.
const testOnly = modules({
  'account/account.service.ts': accountImportsUsers,
  'users/users.repo.ts': 'export const findUser = () => null;\n',
  'users/users.int.test.ts': usersImportsAccount,
  'users/users.test-fixtures.ts': usersImportsAccount,
});

ruleTester.run('module-cycle', moduleCycle, {
  valid: [
    {
      name: 'a one-way dependency (users -> auth)',
      filename: join(crossed, 'users/users.service.ts'),
      options: [{ modulesDir: crossed }],
      code: "import { signIn } from '../auth/auth.service.ts';",
    },
    {
      name: 'a file of the same module',
      filename: join(crossed, 'users/users.service.ts'),
      options: [{ modulesDir: crossed }],
      code: "import { findUser } from './users.repo.ts';",
    },
    {
      name: "a test's import is no edge of the running server",
      filename: join(testOnly, 'account/account.service.ts'),
      options: [{ modulesDir: testOnly }],
      code: accountImportsUsers,
    },
    {
      name: 'tests and test support are not checked',
      filename: join(testOnly, 'users/users.int.test.ts'),
      options: [{ modulesDir: testOnly }],
      code: usersImportsAccount,
    },
    {
      name: 'a file outside the modules',
      filename: join(dirname(crossed), 'app.ts'),
      options: [{ modulesDir: crossed }],
      code: "import { findUser } from './modules/users/users.repo.ts';\nimport { accountOf } from './modules/account/account.repo.ts';",
    },
  ],
  invalid: [
    {
      name: 'a cycle through different files, seen from each side',
      filename: join(crossed, 'users/users.service.ts'),
      options: [{ modulesDir: crossed }],
      code: usersImportsAccount,
      errors: [
        {
          message:
            'This import closes a module cycle: users -> account -> users (account/account.service.ts imports users). ' +
            'Modules depend on each other one way.',
        },
      ],
    },
    {
      name: 'the other side',
      filename: join(crossed, 'account/account.service.ts'),
      options: [{ modulesDir: crossed }],
      code: accountImportsUsers,
      errors: [
        {
          messageId: 'cycle',
          data: { cycle: 'account -> users -> account', back: 'users/users.service.ts imports account' },
        },
      ],
    },
    {
      name: 'a longer cycle, closed by a dynamic import',
      filename: join(ring, 'c/c.ts'),
      options: [{ modulesDir: ring }],
      code: "export const load = () => import('../a/a.ts');",
      errors: [{ messageId: 'cycle', data: { cycle: 'c -> a -> b -> c', back: 'a/a.ts imports b' } }],
    },
    {
      name: 'a type import closes it as well',
      filename: join(ring, 'a/a.ts'),
      options: [{ modulesDir: ring }],
      code: "import type { B } from '../b/b.ts';",
      errors: [{ messageId: 'cycle', data: { cycle: 'a -> b -> c -> a', back: 'b/b.ts imports c' } }],
    },
  ],
});
