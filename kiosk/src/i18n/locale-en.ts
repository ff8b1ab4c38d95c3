// The en catalogue of the public pages: one chunk, loaded by ./i18n.ts when the page speaks en.
// The namespaces are imported one by one (shared's per-namespace entries) so that the admin app's
// namespaces stay out of the kiosk's bundle (shared's i18n entry exports all of them at once).
import { common } from '@vestibule/shared/i18n/en/common';
import { errors } from '@vestibule/shared/i18n/en/errors';
import { evacuation } from '@vestibule/shared/i18n/en/evacuation';
import { publicPages } from '@vestibule/shared/i18n/en/publicPages';
import { publicVisit } from '@vestibule/shared/i18n/en/publicVisit';
import { scanner } from '@vestibule/shared/i18n/en/scanner';
import { wizard } from '@vestibule/shared/i18n/en/wizard';
import type { KioskCatalogue } from './i18n.ts';

export const catalogue: KioskCatalogue = { common, errors, publicPages, publicVisit, scanner, wizard, evacuation };
