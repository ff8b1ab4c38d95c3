import { type RefObject, useEffect } from 'react';

/**
 * Opens a <dialog> as a modal while the component is mounted: the page behind is inert, the
 * focus goes to the first element `focusFirst` names inside it, and back where it was when the
 * dialog goes. Escape reaches the dialog's `cancel` event (the caller closes it).
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, focusFirst: string): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    dialog.querySelector<HTMLElement>(focusFirst)?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      before?.focus();
    };
  }, [ref, focusFirst]);
}
