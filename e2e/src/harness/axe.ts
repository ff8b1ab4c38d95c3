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
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  if (results.violations.length === 0) return;
  throw new Error(
    `${results.violations.length} accessibility violation(s) on ${screen}:\n` +
      results.violations.map(describeViolation).join('\n'),
  );
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
