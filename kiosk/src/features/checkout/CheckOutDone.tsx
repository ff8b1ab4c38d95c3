import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';

/** The visit is closed (`children`: a word on how, shown before the button). */
export function CheckOutDone({ onDone, children }: { onDone?: () => void; children?: ReactNode }) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="screen outcome" data-outcome="checked-out" aria-labelledby="checked-out-heading">
      <h1 id="checked-out-heading" ref={heading} tabIndex={-1}>
        <span className="outcome-icon" aria-hidden="true">
          ✓
        </span>{' '}
        {t('checkOut.successTitle')}
      </h1>
      <p>{t('checkOut.successText')}</p>
      {children}
      {onDone && (
        <button type="button" className="button primary" onClick={onDone}>
          {t('done')}
        </button>
      )}
    </section>
  );
}
