import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../ui/useModalDialog.ts';

interface ResultDialogProps {
  outcome: 'success' | 'error';
  title: string;
  children: ReactNode;
  onClose: () => void;
}

/**
 * A visit action's result: a success or error header and its content. A modal <dialog>: the page behind is inert, Escape and the button close it, and the
 * focus returns where it was.
 */
export function ResultDialog({ outcome, title, children, onClose }: ResultDialogProps) {
  const { t } = useTranslation('publicVisit');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useModalDialog(ref, 'button');
  return (
    <dialog
      ref={ref}
      className={`result-dialog result-${outcome}`}
      data-outcome={outcome}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>
        <span className="outcome-icon" aria-hidden="true">
          {outcome === 'success' ? '✓' : '⚠'}
        </span>{' '}
        {title}
      </h2>
      <div id={textId} className="result-text">
        {children}
      </div>
      <div className="actions">
        <button type="button" className="button primary" onClick={onClose}>
          {t('visitPage.close')}
        </button>
      </div>
    </dialog>
  );
}

/** The success modal, shown until closed; the page behind keeps the outcome. */
export function SuccessOnce({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <ResultDialog outcome="success" title={title} onClose={() => setOpen(false)}>
      {children}
    </ResultDialog>
  );
}
