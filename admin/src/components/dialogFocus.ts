// Where the focus goes when a dialog opens and closes (AppDialog): to its first field, and back to
// what opened it. A dialog opened from another dialog (a confirmation, a check-in from a visit's
// detail) remembers that dialog's own opener too, for when the button it came from is gone.

/** What opened a dialog, and what opened the dialogs it was opened from, nearest first. */
export interface Opener {
  element: Element | null;
  fallbacks: Element[];
}

/** The openers of the dialogs open now, by their dialog element. */
const openers = new WeakMap<Element, Opener>();

/**
 * The dialogs open now, latest last. A dialog that replaces another one whose code is fetched on
 * first use (a visit's edit from its detail) opens once the focus already left the hidden one:
 * it then goes back where that one would have.
 */
let openDialogs: Element[] = [];

const FIELDS = [
  'input:not([type="hidden"]):not([disabled])',
  'textarea:not([disabled])',
  'select:not([disabled])',
].join(', ');

/** The first field of a dialog's body that a person can type in or choose with, or null. */
export function firstField(body: Element): HTMLElement | null {
  for (const candidate of body.querySelectorAll<HTMLElement>(FIELDS)) {
    if (!candidate.closest('[hidden], [aria-hidden="true"], [inert]')) return candidate;
  }
  return null;
}

/** The opener of a dialog that opens while `active` has the focus. */
export function openerOf(active: Element | null): Opener {
  const element = active && active !== document.body ? active : null;
  if (element === null) {
    const latest = openDialogs.filter((dialog) => dialog.isConnected).at(-1);
    const inheritedOpener = latest ? openers.get(latest) : undefined;
    if (inheritedOpener) return inheritedOpener;
  }
  const parent = element?.closest('[role="dialog"]');
  const inherited = parent ? openers.get(parent) : undefined;
  return {
    element,
    fallbacks: inherited ? [inherited.element, ...inherited.fallbacks].filter((item) => item !== null) : [],
  };
}

/** Records the opener of an open dialog, for the dialogs it opens in turn. */
export function rememberOpener(dialog: Element, opener: Opener): void {
  openers.set(dialog, opener);
  openDialogs = [...openDialogs.filter((open) => open !== dialog && open.isConnected), dialog];
}

const focusable = (element: Element): element is HTMLElement =>
  element instanceof HTMLElement && element.isConnected && !element.matches(':disabled');

/**
 * Gives the focus back to a closed dialog's opener (or the nearest opener still on the page),
 * once the dialog is gone; not when another dialog took the focus meanwhile.
 */
export function returnFocus(opener: Opener, closing: Element | null): void {
  openDialogs = openDialogs.filter((open) => open !== closing);
  setTimeout(() => {
    const active = document.activeElement;
    const otherDialog = active?.closest('[role="dialog"]');
    if (otherDialog && otherDialog !== closing && otherDialog.isConnected) return;
    const target = [opener.element, ...opener.fallbacks].find((element) => element !== null && focusable(element));
    if (target instanceof HTMLElement) target.focus();
  });
}
