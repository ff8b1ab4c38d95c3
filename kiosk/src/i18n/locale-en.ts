// The en catalogue of the public pages: one chunk, loaded by ./i18n.ts when the page speaks en.
// The namespaces are imported one by one from shared's sources so that the admin app's
// namespaces stay out of the kiosk's bundle (shared's i18n entry exports all of them at once).
import { common } from '../../../shared/src/i18n/en/common.ts';
import { errors } from '../../../shared/src/i18n/en/errors.ts';
import { evacuation } from '../../../shared/src/i18n/en/evacuation.ts';
import { publicPages } from '../../../shared/src/i18n/en/publicPages.ts';
import { publicVisit } from '../../../shared/src/i18n/en/publicVisit.ts';
import { scanner } from '../../../shared/src/i18n/en/scanner.ts';
import { wizard } from '../../../shared/src/i18n/en/wizard.ts';
import type { KioskCatalogue } from './i18n.ts';

export const catalogue: KioskCatalogue = { common, errors, publicPages, publicVisit, scanner, wizard, evacuation };
