import type { ShownPrivacyNotice } from '@vestibule/shared';
import { Markdown } from '@vestibule/ui/markdown';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownClasses } from './markdownClasses.ts';
import { useModalDialog } from './useModalDialog.ts';

/**
 * The privacy notice in a modal <dialog>: the page behind is inert, Escape and the button close
 * it, and the focus returns to the link that opened it. The text is rendered as question texts
 * are (no raw HTML, links in a new tab).
 */
export function PrivacyNoticeDialog({ notice, onClose }: { notice: ShownPrivacyNotice; onClose: () => void }) {
  const { t } = useTranslation('publicVisit');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalDialog(ref, 'h2');
  return (
    <dialog
      ref={ref}
      className="privacy-notice-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} tabIndex={-1}>
        {t('privacyNotice.title')}
      </h2>
      <p className="field-hint">{t('privacyNotice.version', { version: notice.version })}</p>
      <div className="privacy-notice-text">
        <Markdown newTabLabel={t('wizard:question.newTab')} classNames={markdownClasses}>
          {notice.body}
        </Markdown>
      </div>
      <div className="actions">
        <button type="button" className="button primary" onClick={onClose}>
          {t('privacyNotice.close')}
        </button>
      </div>
    </dialog>
  );
}
