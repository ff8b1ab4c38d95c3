import type { Resources } from '@vestibule/shared/i18n';
import { buildingReport } from '@vestibule/shared/i18n/en/buildingReport';
import { buildings } from '@vestibule/shared/i18n/en/buildings';
import { cities } from '@vestibule/shared/i18n/en/cities';
import { privacy } from '@vestibule/shared/i18n/en/privacy';
import { watchlist } from '@vestibule/shared/i18n/en/watchlist';
import { integrations } from '@vestibule/shared/i18n/en/integrations';
import { csv } from '@vestibule/shared/i18n/en/csv';
import { entryLog } from '@vestibule/shared/i18n/en/entryLog';
import { evacuation } from '@vestibule/shared/i18n/en/evacuation';
import { floors } from '@vestibule/shared/i18n/en/floors';
import { logs } from '@vestibule/shared/i18n/en/logs';
import { operations } from '@vestibule/shared/i18n/en/operations';
import { people } from '@vestibule/shared/i18n/en/people';
import { myProfile } from '@vestibule/shared/i18n/en/profile';
import { questionnaires } from '@vestibule/shared/i18n/en/questionnaires';
import { spaces } from '@vestibule/shared/i18n/en/spaces';
import { spaceCheckIn } from '@vestibule/shared/i18n/en/spaceCheckIn';
import { booking } from '@vestibule/shared/i18n/en/booking';
import { badge } from '@vestibule/shared/i18n/en/badge';
import { reports } from '@vestibule/shared/i18n/en/reports';
import { entryReports } from '@vestibule/shared/i18n/en/entryReports';
import { tenants } from '@vestibule/shared/i18n/en/tenants';
import { users } from '@vestibule/shared/i18n/en/users';
import { wizard } from '@vestibule/shared/i18n/en/wizard';
import type { firstScreenCatalogue } from '../features/locale/index.ts';
import { i18n } from '../features/locale/index.ts';

// The English of the working screens: it comes with the Mantine frame (this file is imported by
// MantineFrame.tsx), not with the sign-in page, whose first download has a budget (docs/architecture.md, Apps).

const screenCatalogue = {
  buildings,
  questionnaires,
  myProfile,
  users,
  logs,
  operations,
  tenants,
  cities,
  privacy,
  watchlist,
  integrations,
  people,
  csv,
  evacuation,
  entryLog,
  reports,
  buildingReport,
  entryReports,
  floors,
  spaces,
  spaceCheckIn,
  booking,
  // The visitor badge's words: the badge page and the settings' preview print what the kiosk prints.
  badge,
  // The check-in wizard's words: the entry log's staff check-in is the kiosk's wizard.
  wizard,
};

/** The kiosk's and the e-mails' words, which no admin screen shows. */
type NotInAdmin = 'publicVisit' | 'scanner' | 'mail' | 'publicPages';
type Loaded = keyof typeof firstScreenCatalogue | keyof typeof screenCatalogue | NotInAdmin;

/**
 * Compiles only when every namespace of the catalogue is loaded by the admin app: a namespace added
 * to the catalogue goes into `screenCatalogue` above (or the first screen's, or NotInAdmin).
 */
function everyNamespaceLoaded<Unloaded extends never>(): Unloaded[] {
  return [];
}

/** Adds the screens' English to the app's catalogue (French and Spanish load whole, on their own). */
export function addScreenCatalogue(): void {
  everyNamespaceLoaded<Exclude<keyof Resources, Loaded>>();
  i18n.addResourceBundle('en', 'translation', screenCatalogue, true, false);
}
