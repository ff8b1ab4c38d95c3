import type { Locale } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { useIdleTimer } from './useIdleTimer.ts';

const WARNING_MS = 10_000;

interface KioskIdleNoticeProps {
  /** Something to clear: a person is using the kiosk, or changed its language. */
  inUse: boolean;
  idleMs: number;
  /** The kiosk's own language, restored for the next person. */
  baseLocale: Locale;
  /** Back to the welcome screen, with nothing of the last person left. */
  onReset: () => void;
}

/** A kiosk returns to its welcome screen after a period without input, warning just before. */
export function KioskIdleNotice({ inUse, idleMs, baseLocale, onReset }: KioskIdleNoticeProps) {
  const { t, i18n } = useTranslation('publicVisit');
  const secondsLeft = useIdleTimer({
    enabled: inUse,
    timeoutMs: idleMs,
    warningMs: Math.min(WARNING_MS, idleMs / 3),
    onIdle: () => {
      if (i18n.resolvedLanguage !== baseLocale) void i18n.changeLanguage(baseLocale);
      onReset();
    },
  });
  return (
    <div className={secondsLeft === null ? 'live-empty' : 'idle-warning'} role="status">
      {secondsLeft !== null && (
        <>
          <p>{t('kiosk.idle', { seconds: secondsLeft })}</p>
          <button type="button" className="button primary">
            {t('kiosk.stay')}
          </button>
        </>
      )}
    </div>
  );
}
