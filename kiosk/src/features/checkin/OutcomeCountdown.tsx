import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdleTimer } from './useIdleTimer.ts';

/** The building's delay when its configuration predates the setting (its default). */
export const DEFAULT_OUTCOME_SECONDS = 15;

interface OutcomeCountdownProps {
  /** How long the outcome stays (the building's kioskOutcomeSeconds). */
  seconds: number;
  /** Back to the welcome screen, for the next person. */
  onDone: () => void;
  /** The button's words: Done, or Start again. */
  label: string;
  /** A screen whose main action is another one (Check out) draws this button as secondary. */
  secondary?: boolean;
}

/**
 * A kiosk's outcome screen goes back to the welcome screen by itself after the building's delay,
 * so the visit code and PIN do not stay for the next person to read (docs/kiosk.md, "After a
 * check-in"). The time left shows in words and as a bar; a touch or key starts it again (the
 * person is still reading), and the button ends it at once.
 */
export function OutcomeCountdown({ seconds, onDone, label, secondary = false }: OutcomeCountdownProps) {
  const { t } = useTranslation('publicVisit');
  const id = useId();
  const total = seconds * 1000;
  const left = useIdleTimer({ enabled: true, timeoutMs: total, warningMs: total, onIdle: onDone }) ?? seconds;
  return (
    <div className="outcome-countdown">
      <button
        type="button"
        className={`button ${secondary ? 'secondary' : 'primary'}`}
        onClick={onDone}
        aria-describedby={id}
      >
        {label}
      </button>
      {/* A timer is not announced at every tick; it is read with the button. */}
      <p id={id} role="timer" className="countdown-text" data-testid="outcome-countdown">
        {t('kiosk.returning', { seconds: left })}
      </p>
      <div className="countdown-bar" aria-hidden="true">
        <div style={{ width: `${Math.round((left / seconds) * 100)}%` }} />
      </div>
    </div>
  );
}
