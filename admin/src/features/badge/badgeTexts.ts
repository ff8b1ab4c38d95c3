import type { BadgeTexts } from '@vestibule/ui/badge';
import type { TFunction } from 'i18next';

/** The badge's words in the admin's language, read key by key from its one catalogue. */
export function badgeTextsOf(t: TFunction): BadgeTexts {
  return {
    types: {
      VISITOR: t('badge.types.VISITOR'),
      CONTRACTOR: t('badge.types.CONTRACTOR'),
      EMPLOYEE: t('badge.types.EMPLOYEE'),
    },
    host: t('badge.host'),
    company: t('badge.company'),
    validUntil: t('badge.validUntil'),
    visitCode: t('badge.visitCode'),
    photo: t('badge.photo'),
    logo: t('badge.logo'),
    qrCode: t('badge.qrCode'),
    sizes: {
      LABEL_62X100: t('badge.sizes.LABEL_62X100'),
      LABEL_62_CONTINUOUS: t('badge.sizes.LABEL_62_CONTINUOUS'),
      LABEL_4X3_IN: t('badge.sizes.LABEL_4X3_IN'),
      A6: t('badge.sizes.A6'),
    },
    kiosk: {
      print: t('badge.kiosk.print'),
      printing: t('badge.kiosk.printing'),
      printAgain: t('badge.kiosk.printAgain'),
    },
  };
}

/** A visit's badge page, opened in a tab of its own from the entry log. */
export function badgePagePath(visitId: string): string {
  return `/badge/${encodeURIComponent(visitId)}`;
}
