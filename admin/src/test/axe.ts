import axe from 'axe-core';

/**
 * What axe-core finds wrong on the page as drawn, one line a rule (its id, then the elements).
 * Colour contrast is left to the browser scenarios: jsdom computes no colours.
 */
export async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}
