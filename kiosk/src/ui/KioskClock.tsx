import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const TICK_MS = 5_000;

/** The time and date in the kiosk's current language, as a lobby clock shows them. */
export function KioskClock({ className = 'kiosk-clock' }: { className?: string }) {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const language = i18n.resolvedLanguage ?? 'en';
  const time = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(now);
  const date = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long' }).format(now);
  return (
    <span className={className}>
      <time className="kiosk-clock-time" dateTime={now.toISOString()}>
        {time}
      </time>
      <span className="kiosk-clock-date">{date}</span>
    </span>
  );
}
