import {
  type BadgeContent,
  type CheckInData,
  type Locale,
  badgeValidUntil,
  isWizardVisitorType,
} from '@vestibule/shared';
import { badge as en } from '@vestibule/shared/i18n/en/badge';
import { badge as es } from '@vestibule/shared/i18n/es/badge';
import { badge as fr } from '@vestibule/shared/i18n/fr/badge';
import { BadgeSheet, type BadgeTexts, printBadgeSheet } from '@vestibule/ui/badge';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../i18n/i18n.ts';
import { bytesOf } from '../../offline/binaryPayload.ts';
import { KioskIcon } from '../../ui/icons.tsx';

// The kiosk prints its own badge (docs/badges.md): from what the person just gave and the visit
// code the kiosk made, offline too. This module and the badge's (its words, the QR code) load
// with the wizard, not with the welcome screen.

const catalogues: Record<Locale, BadgeTexts> = { en, fr, es };

/** What a check-in leaves for its badge: the building's badge settings and the person's answers. */
export interface PrintableCheckIn {
  settings: NonNullable<CheckInData['badge']>;
  visitorType: string;
  form: Record<string, string | boolean>;
  /** The visit's planned duration (ISO 8601), or the building's default. */
  duration: string | null;
  /** The photo taken in the wizard (base64 JPEG), or null. */
  photo: string | null;
  /** When the check-in was made, ISO 8601. */
  at: string;
}

interface KioskBadgeProps {
  checkIn: PrintableCheckIn;
  visitCode: string | null;
  buildingName: string;
  logoSrc: string | null;
}

const text = (form: Record<string, string | boolean>, key: string): string | null => {
  const value = form[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/** The badge's content from the check-in's answers. */
export function contentOf(checkIn: PrintableCheckIn, visitCode: string | null, buildingName: string): BadgeContent {
  const { form } = checkIn;
  const full = text(form, 'fullName');
  return {
    firstName: text(form, 'firstName') ?? full ?? '',
    lastName: text(form, 'lastName') ?? '',
    companyName: text(form, 'companyName') ?? text(form, 'contractorCompanyName'),
    host: text(form, 'host'),
    visitorType: isWizardVisitorType(checkIn.visitorType) ? checkIn.visitorType : 'VISITOR',
    validFrom: checkIn.at,
    validUntil: badgeValidUntil(checkIn.at, checkIn.duration),
    visitCode,
    buildingName,
    timeZoneId: checkIn.settings.timeZoneId,
  };
}

/** A photo's base64 JPEG as an address for the badge's <img>, released when the badge goes. */
function usePhotoUrl(photo: string | null): string | null {
  const url = useMemo(() => {
    if (!photo) return null;
    return URL.createObjectURL(new Blob([bytesOf(photo)], { type: 'image/jpeg' }));
  }, [photo]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * On the outcome screen of a check-in let in: the badge printed at once (ALWAYS) or when the
 * person asks (ASK), again if they ask; the words in the kiosk's language.
 */
export function KioskBadge({ checkIn, visitCode, buildingName, logoSrc }: KioskBadgeProps) {
  const { i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const texts = catalogues[locale];
  const photoSrc = usePhotoUrl(checkIn.photo);
  const always = checkIn.settings.print === 'ALWAYS';
  // ALWAYS: printing from the first frame; ASK: once the person taps the button.
  const [printed, setPrinted] = useState(always);
  const print = () => {
    setPrinted(true);
    void printBadgeSheet();
  };
  useEffect(() => {
    if (always) void printBadgeSheet();
  }, [always]);
  return (
    <div className="badge-print">
      <p className={printed ? 'notice notice-info' : 'visually-hidden'} role="status">
        {printed ? texts.kiosk.printing : ''}
      </p>
      {/* Done stays the screen's one primary action: the badge is offered beside it. */}
      <button type="button" className="button secondary" onClick={print}>
        <KioskIcon name="printer" />
        {printed ? texts.kiosk.printAgain : texts.kiosk.print}
      </button>
      <BadgeSheet
        content={contentOf(checkIn, visitCode, buildingName)}
        layout={checkIn.settings.layout}
        texts={texts}
        locale={locale}
        logoSrc={logoSrc}
        photoSrc={photoSrc}
      />
    </div>
  );
}
