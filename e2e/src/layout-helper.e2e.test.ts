// The layout helper must find what it looks for: a measure that always answers "nothing wrong"
// would make every tidy-screen assertion of the suite worthless.
import { describe, expect, test } from 'vitest';
import { useBrowser } from './harness/browser.ts';
import { layoutProblems } from './harness/layout.ts';

const session = useBrowser();

describe('layoutProblems', () => {
  test('finds a small target, overlapping controls, spilt text and a page wider than the screen', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 600, height: 400 });
    await page.setContent(
      '<!doctype html><html lang="en"><body style="margin:0">' +
        '<button style="position:absolute;left:0;top:0;width:100px;height:60px">One</button>' +
        '<button style="position:absolute;left:50px;top:20px;width:100px;height:60px">Two</button>' +
        '<button style="position:absolute;left:0;top:100px;width:30px;height:30px">Tiny</button>' +
        '<button style="position:absolute;left:0;top:150px;width:60px;height:50px;white-space:nowrap;overflow:hidden">A label far too long</button>' +
        '<a href="#" style="position:absolute;left:560px;top:250px;display:block;width:200px;height:50px">Off screen</a>' +
        '</body></html>',
    );
    const problems = await layoutProblems(page);
    expect(problems).toContain('button "One" overlaps button "Two"');
    expect(problems).toContain('button "Tiny" is 30 × 30 px, under 48 px');
    expect(problems).toContain('button "A label far too long" spills its content');
    expect(problems).toContain('a "Off screen" is cut by the screen\'s edge');
    expect(problems.some((problem) => problem.startsWith('the page is'))).toBe(true);
  });

  test('passes controls side by side, each large enough', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 600, height: 400 });
    await page.setContent(
      '<!doctype html><html lang="en"><body>' +
        '<button style="width:120px;height:48px">Yes</button> <button style="width:120px;height:48px">No</button>' +
        '</body></html>',
    );
    expect(await layoutProblems(page)).toEqual([]);
  });
});
