import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, pagePath } from '../../app/router.ts';
import type { KioskDb } from '../../offline/kioskDb.ts';
import { Link } from '../../ui/Link.tsx';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import type { CachedDirectory, VisitPreset } from '../checkin/index.ts';
import { LazyQrScanner, type ParsedCode } from '../scanner/index.ts';
import { type ScanKiosk, lookUpScannedCode } from './scanLookup.ts';

interface ScanEntryProps {
  db: KioskDb;
  kiosk: ScanKiosk;
  /** The cached configuration's people and time zone: a pass is recognised offline from them. */
  directory: CachedDirectory;
  /** A known visit or person: the wizard starts from it. */
  onVisit: (preset: VisitPreset) => void;
  onClose: () => void;
}

type ScanResult = 'alreadyIn' | 'unknown' | 'unchecked' | 'unsupported' | 'PERSON_DEACTIVATED' | 'PERSON_NOT_VALID';

const resultText: Record<ScanResult, string> = {
  alreadyIn: 'publicVisit:scan.alreadyIn',
  unknown: 'publicVisit:scan.unknown',
  unchecked: 'publicVisit:scan.unchecked',
  unsupported: 'publicVisit:visit.visitorTypeNotSupported',
  PERSON_DEACTIVATED: 'errors:PERSON_DEACTIVATED',
  PERSON_NOT_VALID: 'errors:PERSON_NOT_VALID',
};

/**
 * "I have a QR code": scan (or type) an invitation, a visit code or a pass: the kiosk's own data
 * first, offline too, then the server for a code it does not know (docs/kiosk.md, "QR codes").
 */
export function ScanEntry({ db, kiosk, directory, onVisit, onClose }: ScanEntryProps) {
  const { t } = useTranslation('publicVisit');
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<ScanResult | null>(null);
  const [checking, setChecking] = useState(false);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  const onCode = async (code: ParsedCode) => {
    setChecking(true);
    const outcome = await lookUpScannedCode(db, code, kiosk, directory, { online: navigator.onLine }).finally(() =>
      setChecking(false),
    );
    if (outcome.kind === 'person' || outcome.kind === 'visit') onVisit(outcome.preset);
    else if (outcome.kind === 'otherBuilding')
      navigate(pagePath('checkinKiosk', outcome.qrCodeKey, outcome.identifier));
    else setResult(outcome.kind === 'refused' ? outcome.code : outcome.kind);
  };

  return (
    <section className="screen" aria-labelledby="scan-heading">
      <h1 id="scan-heading" ref={heading} tabIndex={-1}>
        {t('scan.title')}
      </h1>
      {checking ? (
        <p role="status" className="notice notice-info">
          {t('scan.checking')}
        </p>
      ) : result === null ? (
        <LazyQrScanner key={attempt} purpose="entry" onCode={(code) => void onCode(code)} onCancel={onClose} />
      ) : (
        <div role="status">
          <p className="notice notice-warning" data-testid="scan-result">
            {t(resultText[result])}
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
