// eslint.config.js applies each architecture rule to the files it is meant for: the workspace's own
// configuration lints snippets placed (by name only, nothing is written) where the rules apply.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** The rules that report `code` as the file `file` of the workspace, in order. */
async function reported(file: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result?.messages.map((message) => message.ruleId) ?? ['(not linted)'];
}

const query = "export const visits = (ctx: Ctx) => ctx.db.selectFrom('visits').selectAll().execute();\n";

describe('only repositories build queries', () => {
  test('a service selecting on ctx.db fails', async () => {
    expect(await reported('server/src/modules/visits/visits.service.ts', `type Ctx = any;\n${query}`)).toEqual([
      '@typescript-eslint/no-explicit-any',
      'vestibule/queries-in-repositories',
    ]);
    expect(await reported('server/src/jobs/autoCheckOut.ts', `type Ctx = { db: never };\n${query}`)).toEqual([
      'vestibule/queries-in-repositories',
    ]);
  });

  test('a service calling a repository or opening a transaction passes', async () => {
    const service = [
      'type Ctx = { db: { transaction(): { execute(f: (trx: unknown) => Promise<void>): Promise<void> } } };',
      'declare function findVisit(db: unknown, id: string): Promise<unknown>;',
      'declare function saveVisit(db: unknown, visit: unknown): Promise<void>;',
      'export const visitOf = (ctx: Ctx, id: string) => findVisit(ctx.db, id);',
      'export const move = (ctx: Ctx, visit: unknown) => ctx.db.transaction().execute((trx) => saveVisit(trx, visit));',
      '',
    ].join('\n');
    expect(await reported('server/src/modules/visits/visits.service.ts', service)).toEqual([]);
  });

  test('repositories, the db layer, tests and test support may', async () => {
    const code = `type Ctx = { db: never };\n${query}`;
    for (const file of [
      'server/src/modules/visits/visits.repo.ts',
      'server/src/db/seed/demo.ts',
      'server/src/modules/visits/visits.int.test.ts',
      'server/src/modules/lifecycle/lifecycle.test-fixtures.ts',
      'server/test/helpers/factories.ts',
    ]) {
      expect({ file, rules: await reported(file, code) }).toEqual({ file, rules: [] });
    }
  });
});

describe('shared is pure', () => {
  test('a .tsx file in shared importing React fails', async () => {
    const component = "import { useState } from 'react';\n\nexport const useOpen = () => useState(false);\n";
    expect(await reported('shared/src/ui/Toggle.tsx', component)).toEqual([
      'no-restricted-syntax',
      'no-restricted-imports',
    ]);
  });

  test('a .tsx file fails even without an import line, and .ts files may not import React or Node', async () => {
    expect(await reported('shared/src/ui/Hello.tsx', 'export const Hello = () => <p>Hello</p>;\n')).toEqual([
      'no-restricted-syntax',
    ]);
    const imports = [
      "import Markdown from 'react-markdown';",
      "import { createRoot } from 'react-dom/client';",
      "import { readFileSync } from 'node:fs';",
      "import { join } from 'path';",
      '',
      'export const all = [Markdown, createRoot, readFileSync, join];',
      '',
    ].join('\n');
    expect(await reported('shared/src/domain/text.ts', imports)).toEqual(Array(4).fill('no-restricted-imports'));
  });

  test('the apps may use React', async () => {
    const component = "import { useState } from 'react';\n\nexport const useOpen = () => useState(false);\n";
    expect(await reported('kiosk/src/ui/useOpen.tsx', component)).toEqual([]);
  });
});

describe('packages are used through their entries', () => {
  test("another package's src, by a relative path or by name, fails", async () => {
    expect(
      await reported('scripts/bench/app.bench.ts', "export { buildApp } from '../../server/src/app.ts';\n"),
    ).toEqual(['vestibule/package-entry']);
    expect(
      await reported(
        'e2e/src/sync.e2e.test.ts',
        "export { openKioskDb } from '@vestibule/kiosk/src/offline/kioskDb.ts';\n",
      ),
    ).toEqual(['vestibule/package-entry']);
  });

  test('an entry, or a relative path inside the package, passes', async () => {
    expect(await reported('e2e/src/app.e2e.test.ts', "export { buildApp } from '@vestibule/server';\n")).toEqual([]);
    expect(await reported('e2e/src/app.e2e.test.ts', "export { signedIn } from './harness/service.ts';\n")).toEqual([]);
  });
});
