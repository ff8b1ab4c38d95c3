import type { CheckInBuilding, CheckInResponse, WizardVisitorType } from '@vestibule/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KioskIcon } from '../../ui/icons.tsx';
import { pagePath } from '../../app/router.ts';
import { Link } from '../../ui/Link.tsx';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { DEFAULT_OUTCOME_SECONDS, OutcomeCountdown } from './OutcomeCountdown.tsx';

interface OutcomeProps {
  response: CheckInResponse;
  building: CheckInBuilding['building'];
  kiosk: boolean;
  /** The wizard's person type: an employee is handed no visit code and PIN. */
  visitorType: WizardVisitorType;
  /** Back to the start (a kiosk's welcome screen), by the button or after the building's delay. */
  onDone: () => void;
  /** Whether the server has the check-in (a phone's check-out link works only then). */
  delivered?: boolean;
  /** Where the check-in stands when it has not reached the server yet, or was refused there. */
  notice?: { tone: 'info' | 'error'; text: string } | null;
  /** Under the codes of a check-in let in: the kiosk's badge and its print button. */
  children?: ReactNode;
}

/**
 * After Finish: checked in (visit code, PIN, the building's success text), held by the watchlist
 * (asked to wait at the reception) or refused (its failure text).
 */
export function CheckInOutcome(props: OutcomeProps) {
  const { response, building, kiosk, visitorType, onDone, delivered = true, notice = null, children } = props;
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const seconds = building.kioskOutcomeSeconds ?? DEFAULT_OUTCOME_SECONDS;
  // An employee checks out with their pass or name: no visit code and PIN to keep.
  const codes = visitorType === 'EMPLOYEE' ? null : response.meetingIdentifier;
  // Held by the company's watchlist (docs/watchlist.md): not refused, not in; staff come.
  if (response.held) {
    return (
      <section className="screen outcome" data-outcome="held" aria-labelledby="outcome-heading">
        <h1 id="outcome-heading" ref={heading} tabIndex={-1}>
          <span className="outcome-icon" aria-hidden="true">
            <KioskIcon name="wait" />
          </span>{' '}
          {t('watchlist.heldTitle')}
        </h1>
        <p className="building-text">{response.message.trim() || t('watchlist.held')}</p>
        <DeliveryNotice notice={notice} />
        {kiosk && <OutcomeCountdown seconds={seconds} onDone={onDone} label={t('done')} />}
      </section>
    );
  }
  if (!response.allowed) {
    return (
      <section className="screen outcome" data-outcome="refused" aria-labelledby="outcome-heading">
        <h1 id="outcome-heading" ref={heading} tabIndex={-1}>
          <span className="outcome-icon" aria-hidden="true">
            ⛔
          </span>{' '}
          {t('failure.title')}
        </h1>
        <p className="building-text">
          {response.message.trim() || t(response.refusal === 'WATCHLIST' ? 'watchlist.denied' : 'failure.text')}
        </p>
        <DeliveryNotice notice={notice} />
        {kiosk && building.devicesAttentionText.trim() && (
          <p className="building-text">{building.devicesAttentionText}</p>
        )}
        {kiosk && <OutcomeCountdown seconds={seconds} onDone={onDone} label={t('done')} />}
      </section>
    );
  }
  return (
    <section className="screen outcome" data-outcome="allowed" aria-labelledby="outcome-heading">
      <h1 id="outcome-heading" ref={heading} tabIndex={-1}>
        <span className="outcome-icon" aria-hidden="true">
          ✓
        </span>{' '}
        {t('success.title')}
      </h1>
      {codes && (
        <>
          <dl className="codes">
            <div>
              <dt>{t('success.code')}</dt>
              <dd data-testid="visit-code">{codes}</dd>
            </div>
            {/* A PIN is mentioned only where it is shown. */}
            {response.pin && (
              <div>
                <dt>{t('success.pin')}</dt>
                <dd data-testid="visit-pin">{response.pin}</dd>
              </div>
            )}
          </dl>
          <p>{t(response.pin ? 'success.keep' : 'success.keepCode')}</p>
        </>
      )}
      {children}
      <DeliveryNotice notice={notice} />
      {response.message.trim() && <p className="building-text">{response.message}</p>}
      {kiosk && building.devicesSuccessText.trim() && <p className="building-text">{building.devicesSuccessText}</p>}
      {kiosk && visitorType === 'EMPLOYEE' && <p>{t('success.employeeCheckOut')}</p>}
      {!kiosk && response.publicIdentifier && delivered && (
        <p>
          {t('success.checkOutLater')}{' '}
          <Link href={pagePath('checkOut', response.publicIdentifier)}>{t('success.checkOutLink')}</Link>
        </p>
      )}
      {kiosk && <OutcomeCountdown seconds={seconds} onDone={onDone} label={t('done')} />}
    </section>
  );
}

function DeliveryNotice({ notice }: { notice: OutcomeProps['notice'] }) {
  return (
    <p
      className={notice ? `notice ${notice.tone === 'error' ? 'notice-error' : 'notice-info'}` : 'visually-hidden'}
      role="status"
      data-testid="delivery-notice"
    >
      {notice?.text}
    </p>
  );
}

/** 208 CHECKEDIN: the person has an open visit and must check out first. */
export function AlreadyCheckedIn({
  kiosk,
  qrCodeKey,
  onDone,
  seconds = DEFAULT_OUTCOME_SECONDS,
}: {
  kiosk: boolean;
  qrCodeKey: string;
  onDone: () => void;
  /** A kiosk returns to its welcome screen after the building's delay. */
  seconds?: number;
}) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="screen outcome" data-outcome="already-in" aria-labelledby="outcome-heading">
      <h1 id="outcome-heading" ref={heading} tabIndex={-1}>
        {t('alreadyIn.title')}
      </h1>
      <p className="notice notice-warning">{t('errors:CHECKEDIN')}</p>
      <div className="actions">
        {kiosk && (
          <Link className="button primary" href={pagePath('buildingCheckOut', qrCodeKey)}>
            {t('checkIn.checkOut')}
          </Link>
        )}
        {!kiosk && (
          <button type="button" className="button secondary" onClick={onDone}>
            {t('startOver')}
          </button>
        )}
      </div>
      {kiosk && <OutcomeCountdown seconds={seconds} onDone={onDone} label={t('startOver')} secondary />}
    </section>
  );
}
