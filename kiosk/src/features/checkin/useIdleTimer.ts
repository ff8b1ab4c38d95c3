import { useEffect, useEffectEvent, useState } from 'react';

const activityEvents = ['pointerdown', 'keydown', 'input', 'touchstart', 'wheel'] as const;

interface IdleTimerOptions {
  enabled: boolean;
  timeoutMs: number;
  /** How long before the end a warning shows. */
  warningMs: number;
  onIdle: () => void;
}

/**
 * Calls onIdle after `timeoutMs` without any touch, click or key; answers the seconds left
 * during the warning period (else null).
 */
export function useIdleTimer({ enabled, timeoutMs, warningMs, onIdle }: IdleTimerOptions): number | null {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const idle = useEffectEvent(onIdle);
  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    const activity = () => {
      last = Date.now();
      setSecondsLeft(null);
    };
    for (const name of activityEvents) document.addEventListener(name, activity, { capture: true, passive: true });
    const timer = window.setInterval(() => {
      const left = timeoutMs - (Date.now() - last);
      if (left <= 0) {
        last = Date.now();
        setSecondsLeft(null);
        idle();
      } else {
        setSecondsLeft(left <= warningMs ? Math.ceil(left / 1000) : null);
      }
    }, 250);
    return () => {
      window.clearInterval(timer);
      for (const name of activityEvents) document.removeEventListener(name, activity, { capture: true });
    };
  }, [enabled, timeoutMs, warningMs]);
  return enabled ? secondsLeft : null;
}

export const DEFAULT_KIOSK_IDLE_SECONDS = 60;

/** The kiosk's idle period: `?idle=<seconds>` on the kiosk's link (10 to 3600), else 60 s. */
export function kioskIdleMs(search: string): number {
  const asked = Number(new URLSearchParams(search).get('idle'));
  const seconds = Number.isFinite(asked) && asked >= 10 && asked <= 3600 ? asked : DEFAULT_KIOSK_IDLE_SECONDS;
  return seconds * 1000;
}
