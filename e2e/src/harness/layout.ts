// What a picky customer would see wrong on a screen, measured from element boxes: controls cut
// off or spilling their text, controls on top of one another, the page wider than the screen,
// touch targets under the size a finger needs.
import type { Page } from 'playwright-core';

/** The smallest touch target on a kiosk, in CSS pixels (WCAG 2.5.5's 44, rounded up to Material's 48). */
export const MIN_TARGET_PX = 48;

/**
 * Every layout problem of the page as it is now, one line each (empty when none). Controls are
 * buttons, links, fields and selects that show; a control in a sticky or fixed bar may cover the
 * page scrolling under it, so only controls of the same layer are compared for overlap.
 */
export async function layoutProblems(page: Page, minTarget = MIN_TARGET_PX): Promise<string[]> {
  return page.evaluate((min) => {
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && !element.closest('[hidden]');
    };
    const layer = (element: Element): Element | null => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const position = getComputedStyle(at).position;
        if (position === 'sticky' || position === 'fixed') return at;
      }
      return null;
    };
    const controls = [
      ...document.querySelectorAll(
        'button, a[href], select, textarea, input:not([type=hidden]):not([type=radio]):not([type=checkbox])',
      ),
    ].filter(shown);
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
    }
    const boxes = controls.map((element) => ({ element, box: element.getBoundingClientRect(), layer: layer(element) }));
    for (const { element, box } of boxes) {
      if (box.left < -1 || box.right > width + 1) problems.push(`${name(element)} is cut by the screen's edge`);
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        problems.push(`${name(element)} is ${Math.round(box.width)} × ${Math.round(box.height)} px, under ${min} px`);
      }
      const isText = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
      if (
        !isText &&
        (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
      ) {
        problems.push(`${name(element)} spills its content`);
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (!a || !b || a.layer !== b.layer) continue;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 1 && down > 1) problems.push(`${name(a.element)} overlaps ${name(b.element)}`);
      }
    }
    return problems;
  }, minTarget);
}
