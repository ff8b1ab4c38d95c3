import { describe, expect, test } from 'vitest';
import { failuresOf } from './stages.ts';

describe("the summary's failed tests", () => {
  test('name the file, the test, the first line of the error and the line of the test file it came from', () => {
    const stack = [
      "\u001b[31mError: expect.poll() function didn't resolve in time.\u001b[39m",
      '    at Proxy.<anonymous> (/ci/clone/node_modules/@vitest/expect/dist/index.js:1:2)',
      '    at /ci/clone/e2e/src/frontDesk.e2e.test.ts:326:7',
      '    at /ci/clone/e2e/src/frontDesk.e2e.test.ts:188:5',
    ].join('\n');
    const report = {
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: '/ci/clone/e2e/src/frontDesk.e2e.test.ts',
          assertionResults: [
            { fullName: 'the front desk checks in', status: 'failed', failureMessages: [stack] },
            { fullName: 'the front desk checks out', status: 'passed' },
          ],
        },
      ],
    };
    expect(failuresOf(report, 'e2e')).toEqual([
      "e2e/src/frontDesk.e2e.test.ts > the front desk checks in: Error: expect.poll() function didn't resolve in time. (frontDesk.e2e.test.ts:326)",
    ]);
  });

  test('without a frame in the test file, the message alone', () => {
    const report = {
      numPassedTests: 0,
      numFailedTests: 1,
      testResults: [
        {
          name: '/ci/clone/server/test/a.int.test.ts',
          assertionResults: [
            { fullName: 'a hook', status: 'failed', failureMessages: ['Error: boom\n    at x.ts:1:1'] },
          ],
        },
      ],
    };
    expect(failuresOf(report, 'server')).toEqual(['server/test/a.int.test.ts > a hook: Error: boom']);
  });
});
