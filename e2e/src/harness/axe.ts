// Accessibility scan of what the page shows now: WCAG 2.0/2.1 A and AA rules.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Fails with one line per violation: rule id, impact, and every node's selector, markup and what
 * axe found wrong (for contrast: the colours and the ratio).
 */
export async function expectNoAxeViolations(page: Page, screen = page.url()): Promise<void> {
  await settledAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  if (results.violations.length === 0) return;
  throw new Error(
    `${results.violations.length} accessibility violation(s) on ${screen}:\n` +
      results.violations.map(describeViolation).join('\n'),
  );
}

/**
 * Waits for the page's finite animations and transitions to end (a tooltip fading out, colours
 * changing with the theme): contrast is judged on what the page settles on, not on a frame
 * halfway between two colours. Endless ones (a spinner) are left running.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = () =>
      document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    // An animation's end can start another (a tooltip's exit then its removal): a few rounds.
    for (let round = 0; round < 5; round++) {
      const running = finite().filter((animation) => animation.playState === 'running');
      if (running.length === 0) return;
      await Promise.allSettled(running.map((animation) => animation.finished));
    }
  });
}

function describeViolation(violation: Violation): string {
  const targets = violation.nodes.map((node) => JSON.stringify(node.target)).join(', ');
  const details = violation.nodes.map(
    (node) => `    ${node.html.slice(0, 300)}\n      ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`,
  );
  return [
    `- ${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}; targets: ${targets}`,
    ...details,
  ].join('\n');
}
