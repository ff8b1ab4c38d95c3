import { Group, Modal, type MantineSize } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './AppDialog.module.css';
import { type Opener, firstField, openerOf, rememberOpener, returnFocus } from './dialogFocus.ts';

interface AppDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: MantineSize | number;
  /** false for dialogs the user cannot dismiss (the loading dialog). */
  dismissible?: boolean;
  /** false for a dialog whose height changes as it is used: it stays near the top instead of jumping. */
  centered?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A modal dialog labelled by its title. Every dialog of the app is one, and gets from here:
 * - the focus on its first field when it opens (or on an element marked `data-autofocus`, the
 *   safe answer of a question), also when its fields come after a load;
 * - the focus back on the element that opened it when it closes, by a button, Escape or its
 *   page taking it away (falling back to what opened the dialog it was opened from, when that
 *   button is gone);
 * - its actions (DialogActions) kept in sight at the bottom while its body scrolls.
 * Mantine draws the title bar as a <header>, which assistive technologies (and axe) take for a
 * second page banner: role="none" keeps the page's toolbar the only banner.
 */
export function AppDialog({
  opened,
  onClose,
  title,
  size = 'md',
  dismissible = true,
  centered = true,
  children,
  ...rest
}: AppDialogProps) {
  const { t } = useTranslation();
  const body = useFocusOnFirstField(opened);
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      centered={centered}
      closeOnEscape={dismissible}
      closeOnClickOutside={dismissible}
      // The opener gets the focus back here (useFocusOnFirstField), also when the page unmounts the dialog.
      returnFocus={false}
      data-testid={rest['data-testid']}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title>{title}</Modal.Title>
          {dismissible && <Modal.CloseButton aria-label={t('common.close')} />}
        </Modal.Header>
        <Modal.Body>
          <div ref={body}>{children}</div>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** A dialog's actions, right-aligned and kept in sight at the bottom of the dialog while its body scrolls. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm" className={classes.actions} data-dialog-actions>
      {children}
    </Group>
  );
}

/**
 * The focus while the dialog is open: on its first field (the focus trap starts on an element
 * marked `data-autofocus`; a field that appears later takes the focus while nobody moved it into
 * the body), and back on the opener when it closes or unmounts.
 */
function useFocusOnFirstField(opened: boolean) {
  // What had the focus when the dialog first rendered open: its opener.
  const [opener, setOpener] = useState<Opener | null>(() => (opened ? openerOf(document.activeElement) : null));
  if (opened && opener === null) setOpener(openerOf(document.activeElement));
  if (!opened && opener !== null) setOpener(null);
  const observer = useRef<MutationObserver | null>(null);
  const dialog = useRef<Element | null>(null);

  const body = useCallback(
    (node: HTMLDivElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node) return;
      dialog.current = node.closest('[role="dialog"]');
      if (dialog.current && opener) rememberOpener(dialog.current, opener);
      const marked = () => dialog.current?.querySelector('[data-autofocus]') ?? null;
      const field = firstField(node);
      if (field && !marked()) field.setAttribute('data-autofocus', '');
      if (field || marked()) return;
      // Loading first: the field that comes takes the focus, unless the user already moved it in.
      const watch = new MutationObserver(() => {
        const active = document.activeElement;
        if (active && node.contains(active)) {
          watch.disconnect();
          return;
        }
        const next = firstField(node);
        if (!next) return;
        watch.disconnect();
        next.focus({ preventScroll: true });
      });
      watch.observe(node, { childList: true, subtree: true });
      observer.current = watch;
    },
    [opener],
  );

  useEffect(() => {
    if (!opened || !opener) return;
    return () => returnFocus(opener, dialog.current);
  }, [opened, opener]);
  useEffect(() => () => observer.current?.disconnect(), []);
  return body;
}
