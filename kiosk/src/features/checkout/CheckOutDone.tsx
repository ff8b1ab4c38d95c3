import { useTranslation } from 'react-i18next';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';

/** The visit is closed. */
export function CheckOutDone({ onDone }: { onDone?: () => void }) {
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
      {onDone && (
        <button type="button" className="button primary" onClick={onDone}>
          {t('done')}
        </button>
      )}
    </section>
  );
}
