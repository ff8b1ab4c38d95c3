import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, pagePath } from '../../app/router.ts';
import type { KioskDb } from '../../offline/kioskDb.ts';
import { Link } from '../../ui/Link.tsx';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { type VisitPreset, lookUpPass } from '../checkin/index.ts';
import { LazyQrScanner, type ParsedCode } from '../scanner/index.ts';
import { lookUpScannedCode } from './scanLookup.ts';

interface ScanEntryProps {
  db: KioskDb;
  kiosk: { qrCodeKey: string; buildingId: string; buildingName: string };
  /** The cached configuration's people and time zone: a pass is recognised offline from them. */
  directory: Parameters<typeof lookUpPass>[2];
  /** A known visit or person: the wizard starts from it. */
  onVisit: (preset: VisitPreset) => void;
  onClose: () => void;
}

type ScanResult = 'alreadyIn' | 'unknown' | 'unknownPass' | 'PERSON_DEACTIVATED' | 'PERSON_NOT_VALID';

const resultText: Record<ScanResult, string> = {
  alreadyIn: 'publicVisit:scan.alreadyIn',
  unknown: 'publicVisit:scan.unknown',
  unknownPass: 'publicVisit:scan.unknownPass',
  PERSON_DEACTIVATED: 'errors:PERSON_DEACTIVATED',
  PERSON_NOT_VALID: 'errors:PERSON_NOT_VALID',
};

/**
 * "I have a QR code": scan (or type) an invitation or visit code, offline from the visits the
 * kiosk knows; or a person's pass, from the server, else the cached directory.
 */
export function ScanEntry({ db, kiosk, directory, onVisit, onClose }: ScanEntryProps) {
  const { t } = useTranslation('publicVisit');
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<ScanResult | null>(null);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  const onCode = async (code: ParsedCode) => {
    const outcome = await lookUpScannedCode(db, code, kiosk);
    if (outcome.kind === 'checkIn') return onVisit(outcome.preset);
    if (outcome.kind !== 'link') return setResult(outcome.kind);
    const online = navigator.onLine;
    if (outcome.qrCodeKey !== kiosk.qrCodeKey) {
      if (online) navigate(pagePath('checkinKiosk', outcome.qrCodeKey, outcome.identifier));
      else setResult('unknown');
      return;
    }
    const pass = await lookUpPass(kiosk.qrCodeKey, outcome.identifier, directory, { online });
    if (pass.kind === 'person') onVisit(pass.preset);
    else if (pass.kind === 'visit') navigate(pagePath('checkinKiosk', outcome.qrCodeKey, outcome.identifier));
    else if (pass.kind === 'alreadyIn') setResult('alreadyIn');
    else if (pass.kind === 'refused') setResult(pass.code);
    else setResult('unknownPass');
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
