// ESLint's RuleTester on vitest: each valid and invalid case becomes a vitest test. Code is parsed
// as the workspace lints it (TypeScript, ES modules).
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';

RuleTester.describe = describe;
RuleTester.it = it;

export const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});
