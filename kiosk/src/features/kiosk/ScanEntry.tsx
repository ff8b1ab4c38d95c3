import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, pagePath } from '../../app/router.ts';
import type { KioskDb } from '../../offline/kioskDb.ts';
import { Link } from '../../ui/Link.tsx';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import type { VisitPreset } from '../checkin/index.ts';
import { LazyQrScanner, type ParsedCode } from '../scanner/index.ts';
import { lookUpScannedCode } from './scanLookup.ts';

interface ScanEntryProps {
  db: KioskDb;
  kiosk: { qrCodeKey: string; buildingId: string; buildingName: string };
  /** A known visit: the wizard starts from it. */
  onVisit: (preset: VisitPreset) => void;
  onClose: () => void;
}

/** "I have a QR code": scan (or type) an invitation or visit code, offline from the visits the kiosk knows. */
export function ScanEntry({ db, kiosk, onVisit, onClose }: ScanEntryProps) {
  const { t } = useTranslation('publicVisit');
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<'alreadyIn' | 'unknown' | null>(null);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  const onCode = async (code: ParsedCode) => {
    const outcome = await lookUpScannedCode(db, code, kiosk);
    if (outcome.kind === 'checkIn') onVisit(outcome.preset);
    else if (outcome.kind === 'link' && navigator.onLine)
      navigate(pagePath('checkinKiosk', outcome.qrCodeKey, outcome.identifier));
    else setResult(outcome.kind === 'alreadyIn' ? 'alreadyIn' : 'unknown');
  };

  return (
    <section className="screen" aria-labelledby="scan-heading">
      <h1 id="scan-heading" ref={heading} tabIndex={-1}>
        {t('scan.title')}
      </h1>
      {result === null ? (
        <LazyQrScanner key={attempt} purpose="entry" onCode={(code) => void onCode(code)} onCancel={onClose} />
      ) : (
        <div role="status">
          <p className="notice notice-warning" data-testid="scan-result">
            {t(result === 'alreadyIn' ? 'scan.alreadyIn' : 'scan.unknown')}
          </p>
          <div className="actions">
            {result === 'alreadyIn' && (
              <Link className="button primary" href={pagePath('buildingCheckOut', kiosk.qrCodeKey)}>
                {t('checkIn.checkOut')}
              </Link>
            )}
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                setResult(null);
                setAttempt((n) => n + 1);
              }}
            >
              {t('scan.again')}
            </button>
            <button type="button" className="button secondary" onClick={onClose}>
              {t('back')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
