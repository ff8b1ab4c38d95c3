// The fr catalogue of the public pages: one chunk, loaded by ./i18n.ts when the page speaks fr.
// The namespaces are imported one by one from shared's sources so that the admin app's
// namespaces stay out of the kiosk's bundle (shared's i18n entry exports all of them at once).
import { common } from '../../../shared/src/i18n/fr/common.ts';
import { errors } from '../../../shared/src/i18n/fr/errors.ts';
import { evacuation } from '../../../shared/src/i18n/fr/evacuation.ts';
import { publicPages } from '../../../shared/src/i18n/fr/publicPages.ts';
import { publicVisit } from '../../../shared/src/i18n/fr/publicVisit.ts';
import { scanner } from '../../../shared/src/i18n/fr/scanner.ts';
import { wizard } from '../../../shared/src/i18n/fr/wizard.ts';
import type { KioskCatalogue } from './i18n.ts';

export const catalogue: KioskCatalogue = { common, errors, publicPages, publicVisit, scanner, wizard, evacuation };
